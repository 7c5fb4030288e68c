package dev.widefeed.tasks;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import dev.widefeed.reconcile.Reconciler;
import io.dropwizard.servlets.tasks.Task;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /tasks/reconcile?post=ID}, {@code ?user=ID} (repeatable), or {@code ?all=true}:
 * recounts counters from their rows and corrects them, printing each correction; a full run prints
 * its progress every 10,000 objects. Metrics: {@code reconcile.drift-found} (sum of corrections).
 */
public final class ReconcileTask extends Task {
    private final Reconciler reconciler;
    private final Counter drift;

    public ReconcileTask(Reconciler reconciler, MetricRegistry metrics) {
        super("reconcile");
        this.reconciler = reconciler;
        this.drift = metrics.counter("reconcile.drift-found");
    }

    @Override
    public void execute(Map<String, List<String>> parameters, PrintWriter output) {
        List<Long> posts;
        List<Long> users;
        try {
            posts = TaskParameters.numbers(parameters, "post");
            users = TaskParameters.numbers(parameters, "user");
        } catch (TaskParameters.NotANumber e) {
            output.println(e.getMessage());
            return;
        }
        boolean all = parameters.getOrDefault("all", List.of()).contains("true");
        if (posts.isEmpty() && users.isEmpty() && !all) {
            output.println("name what to reconcile: post=ID, user=ID (both repeatable) or all=true");
            return;
        }
        for (long post : posts) {
            print(reconciler.post(post), output);
        }
        for (long user : users) {
            print(reconciler.user(user), output);
        }
        if (all) {
            print(
                    reconciler.all((postsChecked, usersChecked, driftSoFar) -> {
                        if ((postsChecked + usersChecked) % 10_000 == 0) {
                            output.printf(
                                    "... %d posts, %d users checked, drift %d so far%n",
                                    postsChecked, usersChecked, driftSoFar);
                            output.flush();
                        }
                    }),
                    output);
        }
    }

    private void print(Reconciler.Report report, PrintWriter output) {
        report.corrections().forEach(c -> output.printf("corrected %s of %d by %+d%n", c.counter(), c.id(), c.delta()));
        report.moving().forEach(m -> output.printf("left %s as it was: it kept moving while counted; run again%n", m));
        output.printf(
                "checked %d posts and %d users; total drift %d%n",
                report.postsChecked(), report.usersChecked(), report.drift());
        drift.inc(report.drift());
    }
}
