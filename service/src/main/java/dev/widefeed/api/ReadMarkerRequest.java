package dev.widefeed.api;

import jakarta.validation.constraints.NotNull;

import java.time.Instant;

/** Everything up to {@code upTo} is read (typically the {@code latestAt} of the newest notification shown). */
public record ReadMarkerRequest(@NotNull Instant upTo) {
}
