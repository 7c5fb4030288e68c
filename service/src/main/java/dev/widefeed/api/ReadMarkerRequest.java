package dev.widefeed.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * Everything up to {@code upTo} is read (typically the {@code latestAt} of the newest notification shown): an ISO-8601
 * instant as text, such as {@code 2026-11-24T18:00:00.123Z}. Text, not a number of seconds, so a client's unit mistake
 * is refused rather than read as a time.
 */
public record ReadMarkerRequest(@NotNull @Size(max = 40) String upTo) {}
