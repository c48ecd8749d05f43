"""Museo's paintings, board, visitor and die net, and its rules that need code."""
