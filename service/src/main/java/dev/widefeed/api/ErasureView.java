package dev.widefeed.api;

import dev.widefeed.account.ErasureState;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/** Where an account's erasure stands: {@code state} erasing or done; {@code finishedAt} null until done. */
public record ErasureView(
        String userId,
        String state,
        Instant requestedAt,
        @Schema(nullable = true) Instant finishedAt) {
    public static ErasureView of(ErasureState erasure) {
        return new ErasureView(
                Long.toString(erasure.userId()),
                erasure.done() ? "done" : "erasing",
                erasure.requestedAt(),
                erasure.finishedAt().orElse(null));
    }
}
