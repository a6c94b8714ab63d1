"""Reference figures for test/unit/stats-calibration.test.ts (run: python3 test/reference/calibration_reference.py).

Written independently of the TypeScript, with numpy and scipy only (statsmodels and ppi_py are not
installable here), following the published code paths step by step:
- ppi_py 0.2.3 ppi_mean_ci(lam=None): the lam=1 point estimate, gradients centred on it, the
  _calc_lhat_glm ratio (matrix form, identity Hessian, clip to [0, 1]), then the lam interval with
  numpy std (ddof 0) and a z quantile;
- statsmodels OLS(d, const).fit(cov_type='cluster', use_t=True): the sandwich
  (X'X)^-1 (sum_g X_g'u_g u_g'X_g) (X'X)^-1 times G/(G-1)·(N-1)/(N-K), t with G-1 df.
"""
import json
import numpy as np
from scipy import stats


def ppi_mean_ci(Y, Yhat, Yu, alpha=0.05, lam=None):
    Y, Yhat, Yu = (np.asarray(a, float).reshape(-1, 1) for a in (Y, Yhat, Yu))
    n, N = Y.shape[0], Yu.shape[0]
    if lam is None:
        point1 = (Yu.mean(0) + (Y - Yhat).mean(0))
        g, gh, ghu = Y - point1, Yhat - point1, Yu - point1
        gc, ghc = g - g.mean(0), gh - gh.mean(0)
        cov = (1 / n) * (gc.T @ ghc + ghc.T @ gc)
        var = np.cov(np.concatenate([gh, ghu], axis=0).T).reshape(1, 1)
        num = np.trace(cov)
        den = 2 * (1 + n / N) * np.trace(var)
        lam = float(np.clip(num / den, 0, 1)) if den > 0 else 0.0
    est = float(lam * Yu.mean() + (Y - lam * Yhat).mean())
    se = float(np.sqrt((lam * Yu).std() ** 2 / N + (Y - lam * Yhat).std() ** 2 / n))
    z = stats.norm.ppf(1 - alpha / 2)
    return {"estimate": est, "stdError": se, "ciLower": est - z * se, "ciUpper": est + z * se, "lambda": lam}


def cluster_mean(human, judge, groups, alpha=0.05):
    d = np.asarray(judge, float) - np.asarray(human, float)
    X = np.ones((len(d), 1))
    beta = np.linalg.lstsq(X, d, rcond=None)[0]
    u = d - X @ beta
    bread = np.linalg.inv(X.T @ X)
    labels = sorted(set(groups), key=str)
    meat = np.zeros((1, 1))
    for g in labels:
        idx = [i for i, x in enumerate(groups) if x == g]
        s = X[idx].T @ u[idx]
        meat += np.outer(s, s)
    G, N, K = len(labels), len(d), 1
    cov = bread @ meat @ bread * G / (G - 1) * (N - 1) / (N - K)
    se = float(np.sqrt(cov[0, 0]))
    t = stats.t.ppf(1 - alpha / 2, G - 1)
    m = float(beta[0])
    return {"meanBias": m, "stdError": se, "df": G - 1, "ciLower": m - t * se, "ciUpper": m + t * se}


rng = np.random.default_rng(20260101)
out = {}
# PPI: a judge correlated with the humans, 0-2 scale
Y = rng.integers(0, 3, 40).astype(float)
Yhat = np.clip(Y + rng.choice([-1, 0, 0, 0, 1], 40), 0, 2)
Yu = rng.integers(0, 3, 300).astype(float)
out["ppi"] = {"Y": Y.tolist(), "Yhat": Yhat.tolist(), "Yu": Yu.tolist(),
              "tuned": ppi_mean_ci(Y, Yhat, Yu), "classic": ppi_mean_ci(Y, Yhat, Yu, lam=1.0),
              "tuned90": ppi_mean_ci(Y, Yhat, Yu, alpha=0.1)}
# a judge unrelated to the humans: lambda clipped to 0
Yhat2 = rng.integers(0, 3, 40).astype(float)[::-1]
out["ppiNoise"] = {"Yhat": Yhat2.tolist(), "tuned": ppi_mean_ci(Y, Yhat2, Yu)}
# clustered: 30 cases × 3 reviewers × 2 responses, case effects
cases = np.repeat(np.arange(30), 6)
human = rng.integers(0, 3, 180).astype(float)
judge = np.clip(human + np.repeat(rng.choice([0, 1], 30), 6) * rng.integers(0, 2, 180), 0, 2)
groups = [f"c{c}" for c in cases]
out["cluster"] = {"human": human.tolist(), "judge": judge.tolist(), "groups": groups, "result": cluster_mean(human, judge, groups)}
out["tq"] = {str(df): float(stats.t.ppf(0.975, df)) for df in (1, 2, 4, 9, 29, 199)}
print(json.dumps(out))
