"""How soon a stop must take effect in the tests. The work each test stops would run for minutes to
hours, so a bound of seconds still catches a stop that waits for it, and leaves a loaded 2-core
machine room (a tighter 1.5 s failed there at 2.04 s). The product's own figures on a quiet machine
(a second or less) are measured by bench/interrupts.py, not asserted."""

PROMPT = 5.0  # seconds from the stop (SIGINT, a stop request) to the work's end
