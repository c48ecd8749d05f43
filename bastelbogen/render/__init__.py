"""Painting plans onto PDF pages; positions come from the plans, never from here."""
