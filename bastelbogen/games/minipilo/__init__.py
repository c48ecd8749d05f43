"""MiniPilo's board, runners, symbols and its rules that need code."""
