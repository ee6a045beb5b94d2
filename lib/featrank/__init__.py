"""featrank — evaluating and combining feature rankings.

The pipeline, one module per step (data flows one way, no step imports a later one)::

    datasets -> rankers -> aggregate -> evaluate -> stats -> plots
                                   experiments (the grids each notebook runs)

``featrank.methods`` is the registry of the rankers and aggregates (their names in each paper,
colours and factories), between aggregate and evaluate.

Conventions (see ``featrank.orders``): an *order* is a 1-D int array of feature indices,
best first; a *rank vector* gives each feature's position, 1 = best; scores: higher = more
relevant; ties are broken by the lower feature index.
"""

__version__ = "0.1.0"
