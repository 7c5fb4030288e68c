package dev.widefeed.post;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.audience.Audience;
import dev.widefeed.cache.CacheInvalidations;
import dev.widefeed.cache.CacheSettings;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.PendingCounts;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * "Reposted by me" from the viewer's own list of posts ({@link ViewerReposts}) against what was reposted, over a real
 * store, with the store reads it costs. It runs on every {@link TestBackend}.
 */
@BackendContract
public class ViewerRepostsContract {
    private final IdGenerator ids = TestStorages.ids();
    private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();
    private Features services;
    private PostStore counted;
    /** When set, the list answers as it did before it said what each post reposts. */
    private volatile boolean listsUnsaid;
    /** Posts whose rows read as missing, as a write that failed between a post's list entry and its row leaves them. */
    private final Set<Long> rowsMissing = ConcurrentHashMap.newKeySet();

    private final TestBackend backend;

    ViewerRepostsContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    @BeforeEach
    void setUp() {
        services = new Features(
                storage(), InstanceSettings.of(ids, Clock.systemUTC()).withLogShards(4));
        PostStore posts = storage().posts();
        counted = (PostStore) Proxy.newProxyInstance(
                PostStore.class.getClassLoader(), new Class<?>[] {PostStore.class}, (proxy, method, args) -> {
                    calls.computeIfAbsent(method.getName(), m -> new AtomicLong())
                            .incrementAndGet();
                    try {
                        Object answer = method.invoke(posts, args);
                        if (listsUnsaid && method.getName().equals("entriesByAuthor")) {
                            @SuppressWarnings("unchecked")
                            List<AuthorListEntry> entries = (List<AuthorListEntry>) answer;
                            return entries.stream()
                                    .map(e -> AuthorListEntry.unsaid(e.postId()))
                                    .toList();
                        }
                        if (method.getName().equals("findAll")) {
                            @SuppressWarnings("unchecked")
                            Map<Long, Post> found = new HashMap<>((Map<Long, Post>) answer);
                            found.keySet().removeAll(rowsMissing);
                            return found;
                        }
                        return answer;
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private ViewerReposts reposts(int page, int maxPages) {
        CacheInvalidations invalidations = new CacheInvalidations(
                storage().invalidations(),
                Clock.systemUTC(),
                Duration.ofSeconds(1),
                services.context.threads().scheduled("cache-invalidations"));
        return new ViewerReposts(
                counted,
                new PostCache(counted, CacheSettings.DEFAULT, invalidations, PendingCounts.none()),
                page,
                maxPages);
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

    private long repost(long me, long source) {
        return services.posts
                .posts()
                .repost(me, source, null, Audience.PUBLIC)
                .post()
                .id();
    }

    private long calls(String method) {
        return calls.getOrDefault(method, new AtomicLong()).get();
    }

    @Test
    void aPageIsAnsweredByOneReadOfTheViewersOwnList() {
        long author = user();
        long viewer = user();
        List<Long> page = posts(author, 20);
        posts(viewer, 3); // the viewer's own originals say they repost nothing
        repost(viewer, page.get(2));
        repost(viewer, page.get(7));
        long takenBack = repost(viewer, page.get(9));
        services.posts.posts().delete(viewer, takenBack);
        repost(user(), page.get(4)); // someone else's repost is not the viewer's

        assertThat(reposts(100, 10).repostedAmong(viewer, page)).containsExactlyInAnyOrder(page.get(2), page.get(7));
        assertThat(calls("entriesByAuthor")).as("reads of the viewer's list").isEqualTo(1);
        assertThat(calls("findAll"))
                .as("the two reposts found, confirmed in one batch")
                .isEqualTo(1);
    }

    @Test
    void aViewerWithoutRepostsCostsOneReadAndAnEmptyPageNone() {
        long viewer = user();
        assertThat(reposts(100, 10).repostedAmong(viewer, posts(user(), 5))).isEmpty();
        assertThat(calls("entriesByAuthor")).isEqualTo(1);
        assertThat(calls("findAll")).isZero();
        assertThat(reposts(100, 10).repostedAmong(viewer, List.of())).isEmpty();
        assertThat(calls("entriesByAuthor")).isEqualTo(1);
    }

    @Test
    void theWalkGoesDownPageByPageAndStopsAfterItsLastPage() {
        long author = user();
        long viewer = user();
        long old = posts(author, 1).get(0);
        long reposted = repost(viewer, old);
        posts(viewer, 9); // nine of the viewer's own posts above the repost

        assertThat(reposts(5, 2).repostedAmong(viewer, List.of(old))).containsExactly(old);
        assertThat(calls("entriesByAuthor"))
                .as("pages of 5: the repost is tenth")
                .isEqualTo(2);
        assertThat(reposts(5, 1).repostedAmong(viewer, List.of(old)))
                .as("past the walk's last page")
                .isEmpty();
        assertThat(reposts(5, 2).repostOf(viewer, old)).contains(reposted);
    }

    @Test
    void entriesWrittenBeforeTheListSaidAreReadFromTheirPosts() {
        long author = user();
        long viewer = user();
        List<Long> page = posts(author, 4);
        long mine = repost(viewer, page.get(1));
        posts(viewer, 2);
        listsUnsaid = true;

        assertThat(reposts(100, 10).repostedAmong(viewer, page)).containsExactly(page.get(1));
        assertThat(reposts(100, 10).repostOf(viewer, page.get(1))).contains(mine);
    }

    @Test
    void theNewestLiveRepostOfASourceIsFoundAndAnEntryWithoutItsPostIsSkipped() {
        long author = user();
        long viewer = user();
        long source = posts(author, 1).get(0);
        long first = repost(viewer, source);
        long second = repost(viewer, source);
        assertThat(reposts(100, 10).repostOf(viewer, source)).contains(second);

        rowsMissing.add(second); // its entry stands, its row does not
        assertThat(reposts(100, 10).repostOf(viewer, source)).contains(first);
        assertThat(reposts(100, 10).repostedAmong(viewer, List.of(source))).containsExactly(source);
        rowsMissing.add(first);
        assertThat(reposts(100, 10).repostedAmong(viewer, List.of(source))).isEmpty();
        assertThat(reposts(100, 10).repostOf(viewer, posts(author, 1).get(0))).isEmpty();
    }
}
