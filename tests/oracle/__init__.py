"""Slow, plainly written reference implementations, written from docs/rules.md and independent
of the C++ core. Tests compare the engine against them; they are never used by the package
itself."""
