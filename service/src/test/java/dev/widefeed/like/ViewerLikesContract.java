package dev.widefeed.like;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * "Liked by me" from the viewer's own liked posts ({@link ViewerLikes}) against the truth, over a real store, with
 * the store reads it costs. It runs on every {@link TestBackend}.
 */
@BackendContract
public class ViewerLikesContract {
    private final IdGenerator ids = TestStorages.ids();
    private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();
    private Features services;
    private LikeStore counted;

    private final TestBackend backend;

    ViewerLikesContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    @BeforeEach
    void setUp() {
        services = new Features(
                storage(), InstanceSettings.of(ids, Clock.systemUTC()).withLogShards(4));
        LikeStore likes = storage().likes();
        counted = (LikeStore) Proxy.newProxyInstance(
                LikeStore.class.getClassLoader(), new Class<?>[] {LikeStore.class}, (proxy, method, args) -> {
                    calls.computeIfAbsent(method.getName(), m -> new AtomicLong())
                            .incrementAndGet();
                    try {
                        return method.invoke(likes, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private long user() {
        long id = ids.next();
        storage().users().create(new User(id, "u" + id % 100_000, Instant.now()));
        return id;
    }

    private List<Long> posts(long author, int n) {
        List<Long> posts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            posts.add(services.posts
                    .posts()
                    .create(author, "post " + i, null)
                    .post()
                    .id());
        }
        return posts;
    }

    private long calls(String method) {
        return calls.getOrDefault(method, new AtomicLong()).get();
    }

    @Test
    void aPageOfTwentyIsAnsweredByOneReadOfTheViewersLikes() {
        long author = user();
        long viewer = user();
        List<Long> page = posts(author, 20);
        Set<Long> liked = new HashSet<>();
        for (int i = 0; i < page.size(); i += 3) {
            services.likes.likes().like(viewer, page.get(i));
            liked.add(page.get(i));
        }
        services.likes.likes().unlike(viewer, page.get(0)); // liked, then taken back
        liked.remove(page.get(0));
        services.likes.likes().like(user(), page.get(1)); // someone else's like is not the viewer's

        assertThat(new ViewerLikes(counted, ViewerLikes.PAGE, ViewerLikes.MAX_PAGES).likedAmong(viewer, page))
                .isEqualTo(liked);
        assertThat(calls("likedPosts")).as("reads of the viewer's liked posts").isEqualTo(1);
        assertThat(calls("likedAmong")).as("reads of truth rows").isZero();
        assertThat(storage().likes().likedAmong(viewer, page))
                .as("the truth agrees")
                .isEqualTo(liked);
    }

    @Test
    void aViewerWhoLikedMoreThanThePagesSinceTheOldestPostHasTheRestReadFromTheTruth() {
        long author = user();
        long viewer = user();
        List<Long> older = posts(author, 3);
        services.likes.likes().like(viewer, older.get(1));
        List<Long> newer = posts(author, 12);
        newer.forEach(post -> services.likes.likes().like(viewer, post)); // 12 likes since: past 2 pages of 5
        List<Long> page = new ArrayList<>(older);
        page.add(newer.get(0));

        Set<Long> found = new ViewerLikes(counted, 5, 2).likedAmong(viewer, page);

        assertThat(found).containsExactlyInAnyOrder(older.get(1), newer.get(0));
        assertThat(calls("likedPosts")).isEqualTo(2);
        assertThat(calls("likedAmong"))
                .as("one round for the posts still undecided")
                .isEqualTo(1);
    }

    @Test
    void aViewerWithoutLikesCostsOneRead() {
        long viewer = user();
        assertThat(new ViewerLikes(counted, ViewerLikes.PAGE, ViewerLikes.MAX_PAGES)
                        .likedAmong(viewer, posts(user(), 5)))
                .isEmpty();
        assertThat(calls("likedPosts")).isEqualTo(1);
        assertThat(new ViewerLikes(counted, ViewerLikes.PAGE, ViewerLikes.MAX_PAGES).likedAmong(viewer, List.of()))
                .isEmpty();
        assertThat(calls("likedPosts")).isEqualTo(1);
    }
}
