package dev.widefeed.drills.servicekill;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.restclient.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What followers see: the first home page of a sample of them, read over REST with a token the service jar's
 * {@code token} command mints for each (a JVM a token, so the sample is small). Each must show the post exactly
 * once, whether it was pushed to them or they merge it in by pull (the inactive, whose inbox a read rebuilds).
 */
final class HomeSample {
    /** The sampled pages: read, without the post, with it more than once, and an example. */
    record Result(int read, int without, int twice, String example) {}

    private HomeSample() {}

    /** Picks up to {@code size} of {@code followers} (seeded: the same ones for the same population). */
    static List<Long> pick(Set<Long> followers, int size, long seed) {
        List<Long> all = new ArrayList<>(followers);
        all.sort(null);
        java.util.Collections.shuffle(all, new Random(seed));
        return all.subList(0, Math.min(size, all.size()));
    }

    static Result read(ServiceRun service, String post, List<Long> readers) throws Exception {
        Api api = service.api();
        // Two at a time: each token is a JVM started on a machine the service and its store share.
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Integer>> seen = new ArrayList<>();
            for (long reader : readers) {
                seen.add(pool.submit(() -> {
                    String token = service.token(Long.toString(reader));
                    Reply page = api.home(token, Long.toString(reader), null);
                    if (page.status() != 200) {
                        throw new IllegalStateException(
                                "the home page of " + reader + " answered " + page.status() + ": " + page.body());
                    }
                    int times = 0;
                    for (JsonNode item : page.body().get("items")) {
                        times += post.equals(item.path("id").asText()) ? 1 : 0;
                    }
                    return times;
                }));
            }
            int without = 0;
            int twice = 0;
            String example = "";
            for (int i = 0; i < readers.size(); i++) {
                int times = seen.get(i).get();
                if (times == 0) {
                    without++;
                    example = "follower " + readers.get(i) + " does not see it";
                } else if (times > 1) {
                    twice++;
                    example = "follower " + readers.get(i) + " sees it " + times + " times";
                }
            }
            return new Result(readers.size(), without, twice, example);
        } finally {
            pool.shutdownNow();
        }
    }
}
