package dev.widefeed.tasks;

import dev.widefeed.graph.RelationRepairer;
import io.dropwizard.servlets.tasks.Task;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /tasks/repair-relations?minutes=N} finishes the follow operations of the last N
 * minutes (default 60) that were left unfinished; {@code ?user=ID} recounts one user's following
 * and followers counts from the rows.
 */
public final class RepairRelationsTask extends Task {
    private final RelationRepairer repairer;
    private final Clock clock;

    public RepairRelationsTask(RelationRepairer repairer, Clock clock) {
        super("repair-relations");
        this.repairer = repairer;
        this.clock = clock;
    }

    @Override
    public void execute(Map<String, List<String>> parameters, PrintWriter output) {
        List<Long> users;
        long minutes;
        try {
            users = TaskParameters.numbers(parameters, "user");
            minutes = TaskParameters.number(parameters, "minutes").orElse(60);
        } catch (TaskParameters.NotANumber e) {
            output.println(e.getMessage());
            return;
        }
        if (!users.isEmpty()) {
            for (long id : users) {
                long following = repairer.recountFollowing(id);
                long followers = repairer.recountFollowers(id);
                output.printf(
                        "user %d: following corrected by %d, followers corrected by %d%n", id, following, followers);
            }
            return;
        }
        Instant now = clock.instant();
        RelationRepairer.Report report = repairer.repair(now.minus(Duration.ofMinutes(minutes)), now);
        output.printf(
                "finished %d operations, recounted %d users, fixed count drift %d%n",
                report.operationsFinished(), report.usersRecounted(), report.countDrift());
    }
}
