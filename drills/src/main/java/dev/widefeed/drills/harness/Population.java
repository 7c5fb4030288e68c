package dev.widefeed.drills.harness;

import dev.widefeed.restclient.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The users a drill's load acts as, signed up over the API, each with a first post. */
public final class Population {
    /** A user and their session: an access token (15 minutes) and the refresh token that gets the next one. */
    public record User(String id, String token, String refreshToken) {}

    private final List<User> users;

    private Population(List<User> users) {
        this.users = users;
    }

    public List<User> users() {
        return users;
    }

    /** The users from {@code from} up to {@code to}: a load of their own, whose follows stay among them. */
    public Population part(int from, int to) {
        return new Population(List.copyOf(users.subList(from, to)));
    }

    /**
     * The same users with their sessions refreshed, as an app does before its token runs out: a drill longer than
     * a token's 15 minutes would otherwise go on as 401s. Each refresh token works once, so this one is spent.
     */
    Population refreshed(Api api) {
        List<User> renewed = new ArrayList<>();
        for (User user : users) {
            Reply reply = api.refresh(user.refreshToken());
            if (reply.status() != 200) {
                throw new IllegalStateException("a session refresh answered " + reply.status() + ": " + reply.body());
            }
            renewed.add(new User(user.id(), reply.text("token"), reply.text("refreshToken")));
        }
        return new Population(List.copyOf(renewed));
    }

    /**
     * Signs up {@code size} users (eight at a time: passwords are hashed on purpose slowly) and has each post once.
     * This is the drill's setup, before anything is measured, so it behaves as a careful app does: each request
     * carries an idempotency key and is sent again while the service answers 503 or nothing (a store just started
     * on a busy machine can time out its first writes), so a retried sign-up or post is never made twice.
     */
    public static Population signUp(Api api, int size, Ledger ledger, String prefix) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<User>> created = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                String name = prefix + i;
                created.add(pool.submit(() -> {
                    Reply reply = SetupRetry.untilAnswered(() -> api.signUp(name, prefix + "-signup-" + name));
                    if (reply.status() != 201) {
                        throw new IllegalStateException(
                                "sign-up of " + name + " answered " + reply.status() + ": " + reply.body());
                    }
                    User user = new User(
                            reply.body().get("user").get("id").asText(),
                            reply.text("token"),
                            reply.text("refreshToken"));
                    Reply post = SetupRetry.untilAnswered(
                            () -> api.post(user.token(), "hello from " + name, prefix + "-post-" + name));
                    if (post.status() != 201) {
                        throw new IllegalStateException("a first post answered " + post.status());
                    }
                    ledger.post(post.text("id"), user.id());
                    return user;
                }));
            }
            List<User> users = new ArrayList<>();
            for (Future<User> user : created) {
                users.add(user.get());
            }
            return new Population(List.copyOf(users));
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Every follower follows the author, eight at a time; each follow must be acknowledged (and is in the ledger).
     * Setup too: a follow answered 503 or nothing is sent again.
     */
    public static void followAll(Api api, List<Population.User> followers, Population.User author, Ledger ledger)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (Population.User follower : followers) {
                done.add(pool.submit(() -> {
                    // Following is idempotent by itself: sent again, it changes nothing more.
                    Reply reply = SetupRetry.untilAnswered(
                            () -> api.follow(follower.token(), follower.id(), author.id(), true));
                    if (!reply.ok()) {
                        throw new IllegalStateException("a follow answered " + reply.status() + ": " + reply.body());
                    }
                    ledger.follow(follower.id(), author.id(), true, true);
                    return null;
                }));
            }
            for (Future<?> follow : done) {
                follow.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
