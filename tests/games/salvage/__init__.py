"""Salvage tests."""
