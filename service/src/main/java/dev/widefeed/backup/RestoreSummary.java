package dev.widefeed.backup;

/** What a restore loaded. */
public record RestoreSummary(int tables, int files, long bytes) {}
