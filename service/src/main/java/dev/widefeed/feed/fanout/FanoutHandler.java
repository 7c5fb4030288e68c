package dev.widefeed.feed.fanout;

import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.eventlog.LogHandler;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FanoutRules;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The event log's handler of fan-out entries: a task's work is its checkpoint, turned by the
 * {@link FanoutWorker}, ordered by the deadline of the tier under way. A delivery's time (post to
 * last follower) is reported once, by the turn that finishes it.
 */
public final class FanoutHandler implements LogHandler {
    private final FanoutWorker worker;
    private final FanoutWorker.Listener listener;

    public FanoutHandler(FanoutWorker worker, FanoutWorker.Listener listener) {
        this.worker = worker;
        this.listener = listener;
    }

    /** This handler under each fan-out entry kind, for the job's handler map. */
    public Map<String, LogHandler> byKind() {
        return Map.of(FanoutKind.DELIVER.entryKind(), this, FanoutKind.RETRACT.entryKind(), this);
    }

    @Override
    public Work open(LogEntry entry) {
        FanoutTask task = FanoutTask.of(entry);
        return new Task(task, worker.open(task));
    }

    private final class Task implements Work {
        private final FanoutTask task;
        private final FanoutWorker.Opened opened;

        Task(FanoutTask task, FanoutWorker.Opened opened) {
            this.task = task;
            this.opened = opened;
        }

        @Override
        public boolean done() {
            return opened.progress().done();
        }

        @Override
        public Instant dueSince() {
            return opened.progress().createdAt();
        }

        @Override
        public Instant deadline() {
            return FanoutRules.deadlineOf(opened.progress());
        }

        /**
         * The worker holding the entry's shard lease is the only writer of its checkpoint: no second read, and a plan
         * made at the open brings the author's delivery it read.
         */
        @Override
        public Turn turn(int pages, BooleanSupplier keepGoing) {
            if (!(worker.work(task, opened, pages, keepGoing) instanceof FanoutWorker.Turn.Worked worked)) {
                return new Turn.NotReady();
            }
            FanoutProgress after = worked.progress();
            if (!opened.progress().done() && after.done() && task.kind() == FanoutKind.DELIVER) {
                listener.delivered(
                        task,
                        Duration.between(after.createdAt(), after.finishedAt().orElseThrow()));
            }
            return new Turn.Worked(new Task(task, FanoutWorker.Opened.at(after)));
        }
    }
}
