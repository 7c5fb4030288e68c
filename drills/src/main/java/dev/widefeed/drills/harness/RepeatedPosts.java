package dev.widefeed.drills.harness;

import dev.widefeed.restclient.Reply;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One author posting again and again at a steady pace, each post fanned out to every follower's home timeline by
 * the service; every answer recorded in the {@link Timeline}, every acknowledged post in the {@link Ledger} and in
 * {@link #acknowledged()}, for the fan-out check.
 */
public final class RepeatedPosts implements AutoCloseable {
    private final Api api;
    private final Population.User author;
    private final Ledger ledger;
    private final Timeline timeline;
    private final long pauseMillis;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final AtomicLong sent = new AtomicLong();
    private final List<String> acknowledged = new CopyOnWriteArrayList<>();
    private final List<String> unacknowledged = new CopyOnWriteArrayList<>(); // contents: they have no id
    private final Thread thread = new Thread(this::post, "drill-author");

    public RepeatedPosts(Api api, Population.User author, Ledger ledger, Timeline timeline, long pauseMillis) {
        this.api = api;
        this.author = author;
        this.ledger = ledger;
        this.timeline = timeline;
        this.pauseMillis = pauseMillis;
        thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    private void post() {
        while (!stopped.get()) {
            String content = "fan-out post " + sent.incrementAndGet();
            Reply reply = api.post(author.token(), content);
            timeline.record(reply);
            if (reply.ok()) {
                ledger.post(reply.text("id"), author.id());
                acknowledged.add(reply.text("id"));
            } else {
                unacknowledged.add(content);
            }
            try {
                Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    public long sent() {
        return sent.get();
    }

    public List<String> acknowledged() {
        return List.copyOf(acknowledged);
    }

    /** The contents of the posts not acknowledged (5xx, no answer): the service may have written them anyway. */
    public List<String> unacknowledged() {
        return List.copyOf(unacknowledged);
    }

    public Population.User author() {
        return author;
    }

    @Override
    public void close() throws InterruptedException {
        stopped.set(true);
        thread.interrupt();
        thread.join(Api.TIMEOUT.toMillis() + 5_000);
    }
}
