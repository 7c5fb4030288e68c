package dev.widefeed.kernel;

import java.time.Clock;
import java.util.concurrent.Executor;

/**
 * What every feature's assembly is given beside the stores and the lower features it uses: the instance's clock and
 * ids, where events are announced and subscribed to, where counters that may be off are marked, and where a page's
 * independent reads run beside each other. Never a store, nor a service: a feature names those it uses in its own
 * assembly, so what it depends on stays visible (docs/ARCHITECTURE.md, "Assembly").
 *
 * @param pageReads where a page's independent reads run beside each other; {@code Runnable::run} reads one after the
 *                  other in the calling thread
 * @param threads   where the features' background threads come from, stopped by whoever runs the instance
 */
public record FeatureContext(
        Clock clock, IdGenerator ids, Events events, DirtyCounters marks, Executor pageReads, Threads threads) {}
