package dev.widefeed.cli;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.backends.StorageFactory;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.directory.NameDirectory;
import dev.widefeed.graph.HandleBackfill;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.Storage;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Bootstrap;
import java.time.Clock;
import java.util.function.Function;
import net.sourceforge.argparse4j.inf.Namespace;

/**
 * {@code handles config.yml}: gives every user created before handles one, derived from their name, and lists every
 * user in the directory of people (docs/design.md, "Finding people"), on the configured store (its schema at V030 or
 * later: the service applies it at start, or {@code schema}). Safe to run while the service serves, and again: users
 * who have a handle keep it, and a user listed is listed again where they already are.
 */
public final class HandlesCommand<C extends Configuration> extends TypedCommand<C> {
    private static final long PROGRESS_EVERY = 10_000;
    /** Users handled at once: enough to keep a store's conditional writes busy without crowding live traffic. */
    private static final int PARALLELISM = 16;

    private final Function<C, StorageFactory> storage;

    public HandlesCommand(Class<C> configuration, Function<C, StorageFactory> storage) {
        super(
                "handles",
                "Give every user without a handle one made from their name, and list every user in the directory",
                configuration);
        this.storage = storage;
    }

    @Override
    protected void run(Bootstrap<C> bootstrap, Namespace namespace, C config) throws InterruptedException {
        try (Storage storage = this.storage.apply(config).open(new MetricRegistry(), Clock.systemUTC(), false)) {
            // The service's own features: a handle given here is announced to the cache of every running instance.
            Features features = new Features(storage, InstanceSettings.of(new IdGenerator(0), Clock.systemUTC()));
            long start = System.nanoTime();
            NameDirectory directory = features.directory.directory();
            new HandleBackfill(storage.users(), features.graph.users(), PARALLELISM, directory::relist)
                    .run(PROGRESS_EVERY, report -> {
                        double seconds = Math.max((System.nanoTime() - start) / 1e9, 1e-3);
                        System.out.printf(
                                "%,d users: %,d given a handle, %,d had one, %,d without a free one (%,.0f/s)%n",
                                report.users(),
                                report.given(),
                                report.hadOne(),
                                report.noneFree(),
                                report.users() / seconds);
                    });
        }
    }
}
