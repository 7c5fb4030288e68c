package dev.widefeed.api;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** A page of a list: its items and the opaque cursor of the next page, null on the last. */
public record PageView<T>(
        List<T> items, @Schema(nullable = true) String next) {}
