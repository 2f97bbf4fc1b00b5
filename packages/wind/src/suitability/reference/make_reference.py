#!/usr/bin/python3
"""Independent reference numbers for packages/wind/src/suitability (issue 29, WIND-ANALYSIS §8.9, §14).

Run with Debian's python3-scipy (scipy 1.10.1, numpy 1.24.2), from the repository root:

    /usr/bin/python3 packages/wind/src/suitability/reference/make_reference.py

It writes reference.json (the numbers; then `npx biome format --write` lays it out, values unchanged) and
series.csv (the synthetic hourly series the numbers were computed on) next to itself. Nothing here imports or mirrors the TypeScript: the Gumbel fits
are scipy.stats.gumbel_r.fit (maximum likelihood) and numpy least squares (Gringorten), the order-statistic
moments are scipy.integrate.quad over the exact density with scipy.special.gammaln normalisers, the storms
are separated by a plain loop written from the rule in find-independent-storms.ts' comment.
"""
import json
import math
import os

import numpy as np
from scipy import integrate, special, stats

HERE = os.path.dirname(os.path.abspath(__file__))
EULER = 0.5772156649015329


def reduced_variate(period):
    return -math.log(-math.log(1 - 1 / period))


def gringorten(values, period):
    x = np.sort(np.asarray(values, dtype=float))
    n = len(x)
    y = -np.log(-np.log((np.arange(1, n + 1) - 0.44) / (n + 0.12)))
    slope, intercept = np.polyfit(y, x, 1)
    return {"location": intercept, "scale": slope, "returnValue": intercept + slope * reduced_variate(period)}


def max_likelihood(values, period):
    loc, scale = stats.gumbel_r.fit(np.asarray(values, dtype=float))
    return {"location": loc, "scale": scale, "returnValue": loc + scale * reduced_variate(period)}


def order_statistic(rank, size):
    """Mean and variance of the rank-th largest of `size` standard Gumbel variates, by quad."""
    below, above = size - rank, rank - 1
    log_c = special.gammaln(size + 1) - special.gammaln(rank) - special.gammaln(size - rank + 1)

    def density(y):
        t = math.exp(-y)
        log_tail = above * math.log(-math.expm1(-t)) if above > 0 else 0.0
        return math.exp(log_c - below * t + log_tail - y - t)

    centre = math.log(size) + EULER - sum(1 / j for j in range(1, rank))
    pieces = [centre - 12, centre - 3, centre, centre + 3, centre + 12, centre + 45]
    moments = []
    for power in (0, 1, 2):
        total = 0.0
        for a, b in zip(pieces[:-1], pieces[1:]):
            total += integrate.quad(lambda y: density(y) * y**power, a, b, epsabs=0, epsrel=1e-13, limit=200)[0]
        moments.append(total)
    mean = moments[1] / moments[0]
    return {"mass": moments[0], "mean": mean, "variance": moments[2] / moments[0] - mean * mean}


def synthetic_series():
    """Two years of hourly speeds (UTC, 2021-2022): AR(1) Gaussian mapped to Weibull(k=2, A=8) plus storm
    bursts, rounded to 0.01 m/s; 2022-03 is 60 % missing (a month below the 80 % coverage)."""
    rng = np.random.default_rng(20290)
    hours = 2 * 365 * 24
    z = np.empty(hours)
    z[0] = 0.0
    for i in range(1, hours):
        z[i] = 0.97 * z[i - 1] + math.sqrt(1 - 0.97**2) * rng.standard_normal()
    speed = stats.weibull_min.ppf(stats.norm.cdf(z), 2.0, scale=8.0)
    for start in rng.integers(0, hours - 48, size=40):
        width = int(rng.integers(6, 30))
        peak = float(rng.uniform(4, 14))
        shape = np.sin(np.linspace(0, math.pi, width)) * peak
        speed[start : start + width] += shape
    speed = np.round(speed, 2)
    start_ms = 1609459200000  # 2021-01-01T00:00Z
    stamps = np.datetime64("2021-01-01T00:00") + np.arange(hours).astype("timedelta64[h]")
    months = stamps.astype("datetime64[M]")
    march = np.where(months == np.datetime64("2022-03"))[0]
    speed[march[: int(0.6 * len(march))]] = np.nan
    return start_ms, stamps, months, speed


def monthly_maxima(months, speed, min_coverage):
    out = []
    for month in np.unique(months):
        idx = np.where(months == month)[0]
        year, mon = int(str(month)[:4]), int(str(month)[5:7])
        days = int((np.datetime64(f"{year + (mon == 12)}-{mon % 12 + 1:02d}-01") - np.datetime64(f"{year}-{mon:02d}-01")).astype(int))
        values = speed[idx]
        present = ~np.isnan(values)
        coverage = present.sum() / (days * 24)
        out.append({"year": year, "month": mon, "max": float(np.nanmax(values)), "coverage": float(coverage),
                    "isUsed": bool(coverage >= min_coverage)})
    return out


def storms(speed, threshold, separation_slots):
    found = []
    start = last = -1
    for i, v in enumerate(speed):
        if not (v >= threshold):  # NaN is not in a storm
            continue
        lull = i - last - 1
        if start >= 0 and lull > 0 and lull >= separation_slots:
            found.append((start, last))
            start = -1
        if start < 0:
            start = i
        last = i
    if start >= 0:
        found.append((start, last))
    return [{"start": a, "end": b, "peak": float(np.nanmax(speed[a : b + 1])),
             "peakIndex": int(a + np.nanargmax(speed[a : b + 1]))} for a, b in found]


def storm_fit(speed, interval_minutes, threshold, separation_hours, min_annual, min_fitted):
    valid = speed[~np.isnan(speed)]
    found = storms(speed, threshold, separation_hours * 60 / interval_minutes)
    years = len(valid) * interval_minutes / (365.25 * 1440)
    rate = len(found) / years
    ranked = sorted((s["peak"] for s in found), reverse=True)
    ranks = []
    for m in range(1, len(found) + 1):
        o = order_statistic(m, len(found))
        annual = o["mean"] - math.log(rate)
        if not (annual >= min_annual or m <= min_fitted):
            break
        ranks.append({"rank": m, "speed": ranked[m - 1], "mean": o["mean"], "sd": math.sqrt(o["variance"]),
                      "annual": annual})
    q = np.array([r["speed"] ** 2 for r in ranks])
    y = np.array([r["mean"] for r in ranks])
    sd = np.array([r["sd"] for r in ranks])
    slope, intercept = np.polyfit(q, y, 1, w=1 / sd)  # numpy weights multiply residuals: w = 1/σ
    y_t = reduced_variate(rate * 50)
    q50 = (y_t - intercept) / slope
    return {
        "thresholdMps": threshold, "minSeparationHours": separation_hours, "minAnnualReducedVariate": min_annual,
        "minFitted": min_fitted, "recordYears": years, "stormCount": len(found), "stormsPerYear": rate,
        "peaks": [s["peak"] for s in found], "peakIndices": [s["peakIndex"] for s in found],
        "fitted": ranks, "dispersionPressure": 1 / slope, "modePressure": -intercept / slope,
        "reducedVariate": y_t, "returnPressure": q50, "returnValueMps": math.sqrt(q50),
    }


def main():
    annual = [22.1, 25.3, 19.8, 27.6, 23.4, 21.0, 24.7, 26.2, 20.5, 23.9]
    start_ms, stamps, months, speed = synthetic_series()
    maxima = monthly_maxima(months, speed, 0.8)
    used = [m["max"] for m in maxima if m["isUsed"]]
    threshold = float(np.percentile(speed[~np.isnan(speed)], 90))  # numpy 'linear' = TS quantileInPlace
    reference = {
        "command": "/usr/bin/python3 packages/wind/src/suitability/reference/make_reference.py",
        "versions": {"numpy": np.__version__, "scipy": __import__("scipy").__version__},
        "annualMaxima": {
            "values": annual,
            "gringorten": gringorten(annual, 50),
            "maximumLikelihood": max_likelihood(annual, 50),
        },
        "orderStatistics": [dict(rank=m, size=n, **order_statistic(m, n))
                            for m, n in [(1, 1), (1, 100), (2, 2), (3, 250), (10, 500), (40, 400)]],
        "series": "series.csv",
        "monthlyMaxima": {
            "minCoverage": 0.8,
            "periods": maxima,
            "gringorten": gringorten(used, 600),
            "maximumLikelihood": max_likelihood(used, 600),
        },
        "storms": {
            "default": storm_fit(speed, 60, threshold, 48, -0.7, 10),
            "wide": storm_fit(speed, 60, 10.0, 24, -2.5, 5),
        },
    }
    cells = ["" if math.isnan(v) else f"{v:.2f}" for v in speed.tolist()]
    with open(os.path.join(HERE, "series.csv"), "w") as f:
        f.write(f"# start_ms={start_ms} interval_minutes=60: one UTC day a row, 24 hourly speeds m/s, empty = missing\n")
        for day in range(len(cells) // 24):
            f.write(",".join(cells[day * 24 : day * 24 + 24]) + "\n")
    with open(os.path.join(HERE, "reference.json"), "w") as f:
        json.dump(reference, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
