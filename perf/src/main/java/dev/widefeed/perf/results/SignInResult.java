package dev.widefeed.perf.results;

/**
 * Sign-in's answer time by what was offered: an unknown handle, a known handle with a wrong password, and the right
 * password; {@code unknownOverWrong} is the ratio of their medians, which should stay within 20 % of 1 so that the
 * time of a refusal tells nothing of whether the handle exists. Hashing with the service's default cost.
 */
public record SignInResult(
        String backend,
        int memoryKiB,
        int iterations,
        LatencySummary unknownHandle,
        LatencySummary wrongPassword,
        LatencySummary rightPassword,
        double unknownOverWrong) {}
