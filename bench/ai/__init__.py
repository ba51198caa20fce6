"""The AI players measured: ``python -m bench.ai COMMAND …`` (``__main__``: the list).

One module per command, on shared parts: ``play`` (a deal's parameters from the seed,
one hand played and timed), ``players`` (the levels and the cheating ``oracle``),
``records`` (what a run keeps and its ``--json`` file holds), ``stats`` (intervals,
paired differences, decision times) and ``voids`` (the shown-void check). See
docs/ai.md for the method, the figures and the commands behind them.
"""
