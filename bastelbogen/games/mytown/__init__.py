"""My Town's buildings and its rules that need code."""
