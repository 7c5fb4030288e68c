package dev.widefeed.api;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * How many of my notification groups have news since my read marker: at most 100, with {@code capped} when there may
 * be more; {@code readUpTo} is the marker (null until I first set one).
 */
public record UnreadView(
        int unread, boolean capped, @Schema(nullable = true) Instant readUpTo) {}
