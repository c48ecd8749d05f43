"""Lay out: pure geometry, nothing drawn. Faces, pieces, sheets and slots, shared sheets,
boards over several sheets, registration marks, braille cells."""
