package dev.widefeed.drills.servicekill;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.drills.harness.Api;
import dev.widefeed.restclient.Reply;
import java.time.Duration;

/**
 * What an author's notification page says of one post: the users its {@code like} groups and its {@code comment}
 * groups count, summed over the hours the groups span (a group is one kind, one target, one hour).
 */
record PostNotifications(long likes, long comments) {

    static PostNotifications read(Api api, String token, String author, String post) {
        long likes = 0;
        long comments = 0;
        String cursor = null;
        do {
            Reply reply = api.notifications(token, author, cursor);
            if (reply.status() != 200) {
                throw new IllegalStateException(
                        "the notification page answered " + reply.status() + ": " + reply.body());
            }
            for (JsonNode group : reply.body().get("items")) {
                if (post.equals(group.path("targetId").asText())) {
                    String kind = group.path("kind").asText();
                    if (kind.equals("like")) {
                        likes += group.path("count").asLong();
                    } else if (kind.equals("comment")) {
                        comments += group.path("count").asLong();
                    }
                }
            }
            JsonNode next = reply.body().get("next");
            cursor = next == null || next.isNull() ? null : next.asText();
        } while (cursor != null);
        return new PostNotifications(likes, comments);
    }

    /**
     * The counts last read, the most ever shown, and how long into the watch they became the expected ones for good
     * (-1: never).
     */
    record Watched(PostNotifications last, long mostLikes, long mostComments, double settledSeconds) {}

    /**
     * Reads the counts every second until both are {@code expected} and {@code holdUntil} (System.nanoTime) has
     * passed, or {@code within} passes. Notifications are written by the event log's workers, and one whose change
     * the kill interrupted comes from its guard entry within three minutes (docs/api.md, "Notifications"): a count that
     * goes past the expected one in that time is a duplicate a user saw, so the watch goes on until then.
     */
    static Watched await(
            Api api, String token, String author, String post, long expected, long holdUntil, Duration within)
            throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + within.toNanos();
        long mostLikes = 0;
        long mostComments = 0;
        double settledAt = -1;
        PostNotifications last;
        while (true) {
            last = read(api, token, author, post);
            mostLikes = Math.max(mostLikes, last.likes());
            mostComments = Math.max(mostComments, last.comments());
            boolean settled = last.likes() == expected && last.comments() == expected;
            if (settled && settledAt < 0) {
                settledAt = (System.nanoTime() - start) / 1e9;
            } else if (!settled) {
                settledAt = -1;
            }
            long now = System.nanoTime();
            if ((settled && now - holdUntil >= 0) || now > deadline) {
                return new Watched(last, mostLikes, mostComments, settledAt);
            }
            Thread.sleep(1_000);
        }
    }
}
