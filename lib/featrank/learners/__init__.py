"""Weka-like learners, usable as the ``model`` of the error curves (Slavkov 2020, Sec.
"Analysis of different learning methods"; Prati 2012, Sec. V-B).

:func:`make_learner` returns a scikit-learn classifier with Weka's preprocessing built in:

``"svm"``  Weka SMO: missing values -> mean/mode, nominal -> binary, numeric scaled to [0, 1]
           (on the training data), PolyKernel ``(x.y)^degree`` without the +1, i.e.
           ``SVC(kernel="poly", gamma=1, coef0=0)``. Slavkov: ``degree=2, C=0.1`` (default);
           Prati (SMO defaults): ``degree=1, C=1`` (then ``kernel="linear"``, the same kernel).
``"knn"``  Weka IBk (:class:`WekaIBk`): range-normalised Euclidean distance, nominal
           mismatch = 1, Weka's missing-value distances, all neighbours tied with the k-th
           are kept (Weka's LinearNNSearch), majority vote, ties -> lowest class. ``k=10``.
``"nb"``   Weka NaiveBayes (:class:`WekaNaiveBayes`): Gaussian for numeric features (with
           Weka's precision: values rounded to the mean gap between distinct values, std
           floored at precision/6, likelihood = probability of the precision interval),
           Laplace-corrected counts for nominal ones, missing values ignored.
``"tree"`` C4.5/J48-like: ``DecisionTreeClassifier(criterion="entropy",
           min_samples_leaf=2)`` on mean/mode-imputed data with nominal -> binary. Gaps to
           J48: binary splits on one-hot columns instead of multiway nominal splits, no
           gain ratio, no pessimistic-error pruning, no fractional instances for missing values.
           Agreement with J48's predictions on the held-out thirds below: 67 % (sonar) to
           99 % (vote); adding J48's subtree-replacement pruning moved it by <= 2 points, so
           the split criterion is the main gap. RF agrees 93-99 % with Weka's RandomForest.
``"rf"``   Weka RandomForest: 100 trees, ``int(log2(p)) + 1`` features per split (Weka's
           rule; the paper's "rounded up log2" for p not a power of 2), on imputed data.

Checked against Weka 3.6.14 itself (``tests/test_learners.py``, fixtures made by
``tests/fixtures/weka_learners/make_fixtures.sh``; ionosphere, colic, vote, sonar, 1/3 held
out): NaiveBayes and both SMO settings give Weka's predictions on every test instance (NB
probabilities within 0.012); IBk gives Weka's predictions once Weka's widening of the
attribute ranges by each classified test instance is replayed, and 97-100 % without it.

Nominal columns: a pandas DataFrame's ``category`` columns are nominal (scikit-learn's
``categorical_features="from_dtype"``; ``featrank.datasets.load(name, as_frame=True)`` gives
such a frame), read by :func:`featrank.datasets.split_frame`; at predict time a frame's
nominal columns are matched to the fitted categories by label. Every learner also takes
``categorical`` (bool mask over the columns it is fitted on; ``None`` = all numeric for an
array); given with such a DataFrame, the two must agree. The curves engine
(:mod:`featrank.evaluate.curves`) narrows the mask to the column subset of each curve point.

The package: the learners by name in :mod:`.factory`, one module per Weka estimator
(:mod:`.ibk`, :mod:`.naive_bayes`), the input check they share in :mod:`._input`, and the
preprocessor's columns by feature in :mod:`.columns`; every name is importable from here.
"""
from ..datasets.encode import WekaPreprocessor  # noqa: F401 (importable from here)
from .columns import columns_in_order, feature_blocks, feature_columns  # noqa: F401
from .factory import (LEARNERS, SVM_MAX_ITER, WEKA_SMO_TOL, WekaRandomForest,  # noqa: F401
                      declare_categories, make_learner, with_categorical)
from .ibk import WekaIBk, ibk_column_sqdiff, ibk_distribution, ibk_votes  # noqa: F401
from .naive_bayes import WekaNaiveBayes  # noqa: F401
