"""Reference figures for the claim-level rates of test/unit/diagnosis.test.ts and
test/unit/diagnosis-claims-coverage.test.ts (run: python3 test/reference/cluster_ratio_reference.py).

Written independently of the TypeScript, with numpy and scipy only: the ratio estimator
R = sum(y_g) / sum(x_g) over cases g, its linearised cluster variance
V = G/(G-1) * sum((y_g - R x_g)^2) / sum(x_g)^2, and the Wilson score interval at the effective
sample size R(1-R)/V (at most sum(x); G when R is 0 or 1) with the t quantile on G-1 df.
"""
import numpy as np
from scipy import stats


def cluster_ratio(y, x):
    y, x = np.asarray(y, float), np.asarray(x, float)
    keep = x > 0
    y, x = y[keep], x[keep]
    G = len(x)
    R = y.sum() / x.sum()
    V = G / (G - 1) * ((y - R * x) ** 2).sum() / x.sum() ** 2
    spread = R * (1 - R)
    n_eff = G if spread == 0 else (x.sum() if V == 0 else min(x.sum(), spread / V))
    z = stats.t.ppf(0.975, G - 1)
    centre = (R + z * z / (2 * n_eff)) / (1 + z * z / n_eff)
    half = z / (1 + z * z / n_eff) * np.sqrt(R * (1 - R) / n_eff + z * z / (4 * n_eff * n_eff))
    return float(R), max(0.0, float(centre - half)), min(1.0, float(centre + half))


if __name__ == '__main__':
    # claim recall of the quadrant test: held of claims with evidence per case
    print('claim recall', cluster_ratio([2, 2, 1, 0], [2, 2, 2, 2]))
    # utilisation: stated of held claims per case
    print('utilisation', cluster_ratio([2, 1, 0], [2, 2, 1]))
