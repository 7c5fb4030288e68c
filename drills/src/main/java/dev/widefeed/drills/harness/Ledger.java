package dev.widefeed.drills.harness;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every write the service acknowledged during a drill, to check afterwards that each is there. A key
 * (a like, a follow) is judged by the last request made on it, and only if that one was acknowledged:
 * an answer of 503, a timeout or a refused connection may or may not have applied, so such a key is
 * left out ("uncertain") until a later acknowledged request settles it. Posts and comments are
 * created with fresh ids, so each acknowledged one must exist.
 */
public final class Ledger {
    /** The last request made on a key: the state it asked for, and whether it was acknowledged. */
    public record Last(boolean on, boolean acknowledged) {}

    /** A like: post and user; a follow: follower and followee. */
    public record Edge(String from, String to) {}

    public final Map<String, String> posts = new ConcurrentHashMap<>(); // post id -> author id
    public final Map<String, String> comments = new ConcurrentHashMap<>(); // comment id -> post id
    public final Map<Edge, Last> likes = new ConcurrentHashMap<>(); // (post, user)
    public final Map<Edge, Last> follows = new ConcurrentHashMap<>(); // (follower, followee)
    public final AtomicLong acknowledged = new AtomicLong();

    public void post(String postId, String author) {
        posts.put(postId, author);
        acknowledged.incrementAndGet();
    }

    public void comment(String commentId, String postId) {
        comments.put(commentId, postId);
        acknowledged.incrementAndGet();
    }

    /** Call with the key held (one user's requests on one key are sequential in a drill). */
    public void like(String postId, String userId, boolean on, boolean acked) {
        likes.put(new Edge(postId, userId), new Last(on, acked));
        if (acked) {
            acknowledged.incrementAndGet();
        }
    }

    public void follow(String follower, String followee, boolean on, boolean acked) {
        follows.put(new Edge(follower, followee), new Last(on, acked));
        if (acked) {
            acknowledged.incrementAndGet();
        }
    }

    /** What this ledger holds now; later writes to it do not change the copy. */
    public Ledger copy() {
        Ledger copy = new Ledger();
        copy.posts.putAll(posts);
        copy.comments.putAll(comments);
        copy.likes.putAll(likes);
        copy.follows.putAll(follows);
        copy.acknowledged.set(acknowledged.get());
        return copy;
    }

    /**
     * What {@code earlier} (a {@link #copy} of this ledger) holds that no request has touched since: its posts and
     * comments (never deleted by a drill's load), and its likes and follows whose last request is still the one it
     * recorded. A backup must hold these as they were; a key asked again after the copy may hold either state.
     */
    @SuppressWarnings("ReferenceEquality") // the same record is the same request: each request records a new one
    public Ledger untouchedSince(Ledger earlier) {
        Ledger untouched = new Ledger();
        untouched.posts.putAll(earlier.posts);
        untouched.comments.putAll(earlier.comments);
        earlier.likes.forEach((edge, last) -> {
            if (likes.get(edge) == last) {
                untouched.likes.put(edge, last);
            }
        });
        earlier.follows.forEach((edge, last) -> {
            if (follows.get(edge) == last) {
                untouched.follows.put(edge, last);
            }
        });
        untouched.acknowledged.set(earlier.acknowledged.get());
        return untouched;
    }

    /** The state the last request on {@code edge} asked for, acknowledged or not; false when none was made. */
    static boolean lastAsked(Map<Edge, Last> keys, Edge edge) {
        Last last = keys.get(edge);
        return last != null && last.on();
    }

    /** The keys whose last request was acknowledged, with the state it left. */
    static Map<Edge, Boolean> settled(Map<Edge, Last> keys) {
        Map<Edge, Boolean> settled = new ConcurrentHashMap<>();
        keys.forEach((edge, last) -> {
            if (last.acknowledged()) {
                settled.put(edge, last.on());
            }
        });
        return settled;
    }

    static long uncertain(Map<Edge, Last> keys) {
        return keys.values().stream().filter(last -> !last.acknowledged()).count();
    }
}
