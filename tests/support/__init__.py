"""Helpers shared by the tests and the benchmarks in ``bench/`` (which import them from
here, so there is one copy):

* ``fake_discord`` — a loopback Discord stand-in with latency and faults;
* ``fault_world`` — the real bot against it, with players who act as people do;
* ``panel`` — driving the click-to-play panel in simcord as a person would;
* ``database`` — the test PostgreSQL's reset (every table dropped).
"""
