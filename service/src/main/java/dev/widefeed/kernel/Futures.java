package dev.widefeed.kernel;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Waiting for work run on another thread, so that its failure reaches the caller as the exception it was. */
public final class Futures {
    private Futures() {}

    /**
     * The future's value; a failure is rethrown as its own runtime exception (a store's temporary error stays
     * one, and maps to 503), not wrapped in {@link CompletionException}.
     */
    public static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }
}
