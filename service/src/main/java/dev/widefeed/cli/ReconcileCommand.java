package dev.widefeed.cli;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.backends.StorageFactory;
import dev.widefeed.reconcile.Reconciler;
import dev.widefeed.store.Storage;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Bootstrap;
import java.time.Clock;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import net.sourceforge.argparse4j.impl.Arguments;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/**
 * {@code reconcile config.yml (--post ID | --user ID)... | --all}: recounts counters from their
 * rows on the configured store and corrects them, like the admin task, without a running server.
 */
public final class ReconcileCommand<C extends Configuration> extends TypedCommand<C> {
    private final Function<C, StorageFactory> storage;
    private final BiFunction<C, Storage, Reconciler> reconciler;

    /** {@code reconciler}: the reconciler over a storage opened from the configuration. */
    public ReconcileCommand(
            Class<C> configuration,
            Function<C, StorageFactory> storage,
            BiFunction<C, Storage, Reconciler> reconciler) {
        super(
                "reconcile",
                "Recount counters from their rows and correct drift (posts, users, or everything)",
                configuration);
        this.storage = storage;
        this.reconciler = reconciler;
    }

    @Override
    public void configure(Subparser subparser) {
        super.configure(subparser);
        subparser
                .addArgument("--post")
                .type(Long.class)
                .action(Arguments.append())
                .help("a post to reconcile");
        subparser
                .addArgument("--user")
                .type(Long.class)
                .action(Arguments.append())
                .help("a user to reconcile");
        subparser.addArgument("--all").action(Arguments.storeTrue()).help("every post and every user");
    }

    @Override
    protected void run(Bootstrap<C> bootstrap, Namespace namespace, C config) {
        List<Long> posts = namespace.getList("post");
        List<Long> users = namespace.getList("user");
        boolean all = namespace.getBoolean("all");
        if ((posts == null || posts.isEmpty()) && (users == null || users.isEmpty()) && !all) {
            throw new IllegalArgumentException("name what to reconcile: --post ID, --user ID or --all");
        }
        try (Storage storage = this.storage.apply(config).open(new MetricRegistry(), Clock.systemUTC(), false)) {
            Reconciler reconciler = this.reconciler.apply(config, storage);
            if (posts != null) {
                posts.forEach(id -> print(reconciler.post(id)));
            }
            if (users != null) {
                users.forEach(id -> print(reconciler.user(id)));
            }
            if (all) {
                print(reconciler.all((p, u, drift) -> {
                    if ((p + u) % 10_000 == 0) {
                        System.out.printf("... %d posts, %d users checked, drift %d so far%n", p, u, drift);
                    }
                }));
            }
        }
    }

    private static void print(Reconciler.Report report) {
        report.corrections()
                .forEach(c -> System.out.printf("corrected %s of %d by %+d%n", c.counter(), c.id(), c.delta()));
        report.moving()
                .forEach(m -> System.out.printf("left %s as it was: it kept moving while counted; run again%n", m));
        System.out.printf(
                "checked %d posts and %d users; total drift %d%n",
                report.postsChecked(), report.usersChecked(), report.drift());
    }
}
