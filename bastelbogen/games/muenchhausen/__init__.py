"""Münchhausen's Baron and its rules that need code."""
