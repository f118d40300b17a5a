"""Seeded cabin noise: engine hum (a firing frequency and its harmonics, slowly wobbling) plus
broadband road noise (white noise shaped towards low frequencies), mixed at an SNR."""

from __future__ import annotations

import numpy as np

HUM_HZ = (28.0, 45.0)  # firing frequency range (about 1700-2700 rpm, four cylinders)
HARMONICS = (1.0, 0.5, 0.3, 0.15)
ROAD_SLOPE = 1.0  # power falls as 1/f**slope: pink at 1, the rumble of tyres on asphalt
HUM_SHARE = 0.35  # of the noise power


def cabin_noise(n: int, rate: int, rng: np.random.Generator) -> np.ndarray:
    """`n` samples at `rate` Hz, unit power."""
    t = np.arange(n) / rate
    f0 = rng.uniform(*HUM_HZ)
    wobble = 1.0 + 0.02 * np.sin(2 * np.pi * rng.uniform(0.1, 0.5) * t)
    hum = sum(
        a * np.sin(2 * np.pi * f0 * (k + 1) * wobble * t + rng.uniform(0, 2 * np.pi))
        for k, a in enumerate(HARMONICS)
    )
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1.0 / rate)
    spectrum[1:] /= freqs[1:] ** (ROAD_SLOPE / 2)
    spectrum[0] = 0
    road = np.fft.irfft(spectrum, n)
    hum = np.asarray(hum) / (np.sqrt(np.mean(np.square(hum))) or 1.0)
    road = road / (np.sqrt(np.mean(np.square(road))) or 1.0)
    noise = np.sqrt(HUM_SHARE) * hum + np.sqrt(1 - HUM_SHARE) * road
    return np.asarray(noise / np.sqrt(np.mean(np.square(noise))))


def mix(speech: np.ndarray, noise: np.ndarray, snr_db: float) -> np.ndarray:
    """Speech plus noise scaled so 10·log10(P_speech / P_noise) = snr_db, kept within [-1, 1]."""
    p_speech = float(np.mean(np.square(speech))) or 1e-12
    scale = np.sqrt(p_speech / (10 ** (snr_db / 10)))
    mixed = speech + scale * noise[: len(speech)]
    peak = float(np.max(np.abs(mixed))) or 1.0
    return np.asarray(mixed / peak * 0.9 if peak > 1.0 else mixed)
