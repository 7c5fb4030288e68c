package dev.widefeed.analytics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Tables filled through the product's REST API: users who post, follow, like, comment and repost,
 * so every audited counter exists and agrees with its rows before a test plants drift.
 */
record Filled(List<String> users, List<String> tokens, List<String> posts) {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Filled fill(Rest rest, int users, int postsEach, long seed) throws Exception {
        Random random = new Random(seed);
        String run = Long.toString(System.currentTimeMillis() % 1_000_000, 36);
        List<String> ids = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        for (int u = 0; u < users; u++) {
            JsonNode user = rest.signUp("a" + run + "_" + u);
            ids.add(user.get("id").asText());
            tokens.add(user.get("token").asText());
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<String> posts = Collections.synchronizedList(new ArrayList<>());
            all(pool, users, u -> {
                for (int p = 0; p < postsEach; p++) {
                    posts.add(rest.send(
                                    "POST",
                                    "/v1/posts",
                                    tokens.get(u),
                                    JSON.createObjectNode().put("content", "post " + p + " of " + u))
                            .get("id")
                            .asText());
                }
            });
            List<String> originals = List.copyOf(posts);
            List<long[]> picks = new ArrayList<>();
            for (int u = 0; u < users; u++) {
                picks.add(random.longs(40).toArray());
            }
            all(pool, users, u -> {
                long[] pick = picks.get(u);
                for (int i = 0; i < 8; i++) {
                    String other = ids.get((int) Math.floorMod(pick[i], users));
                    if (!other.equals(ids.get(u))) {
                        rest.send("PUT", "/v1/users/" + ids.get(u) + "/following/" + other, tokens.get(u), null);
                    }
                }
                for (int i = 8; i < 28; i++) {
                    rest.send(
                            "PUT",
                            "/v1/posts/" + originals.get((int) Math.floorMod(pick[i], originals.size())) + "/like",
                            tokens.get(u),
                            null);
                }
                for (int i = 28; i < 32; i++) {
                    rest.send(
                            "POST",
                            "/v1/posts/" + originals.get((int) Math.floorMod(pick[i], originals.size())) + "/comments",
                            tokens.get(u),
                            JSON.createObjectNode().put("content", "a comment"));
                }
                String source = originals.get((int) Math.floorMod(pick[32], originals.size()));
                posts.add(rest.send(
                                "POST",
                                "/v1/posts/" + source + "/reposts",
                                tokens.get(u),
                                JSON.createObjectNode().put("content", "a repost"))
                        .get("id")
                        .asText());
            });
            return new Filled(List.copyOf(ids), List.copyOf(tokens), List.copyOf(posts));
        } finally {
            pool.shutdownNow();
        }
    }

    interface PerUser {
        void run(int user) throws Exception;
    }

    private static void all(ExecutorService pool, int users, PerUser work) throws Exception {
        List<Future<?>> running = new ArrayList<>();
        for (int u = 0; u < users; u++) {
            int user = u;
            running.add(pool.submit(() -> {
                work.run(user);
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get();
        }
    }
}
