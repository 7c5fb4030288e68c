package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.audience.Audience;
import dev.widefeed.graph.Handle;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.post.AuthorListEntry;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostStore;
import dev.widefeed.post.PostType;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/** What every backend's {@link PostStore} must do, run on every {@link TestBackend}. */
@BackendContract
public class PostStoreContract {
    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    PostStoreContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private PostStore posts() {
        return storage().posts();
    }

    private Post original(long author, String content) {
        long id = ids.next();
        Post post = new Post(
                id, author, PostType.ORIGINAL, content, IdGenerator.timeOf(id), Audience.PUBLIC, Optional.empty());
        posts().create(post);
        return post;
    }

    @Test
    void aPostKeepsWhoItsHandlesNamed() {
        long id = ids.next();
        Map<Handle, Long> mentions = Map.of(new Handle("ada"), 11L, new Handle("bob_2"), 22L);
        Post post = new Post(
                id,
                5L,
                PostType.ORIGINAL,
                "hi @ada and @Bob_2, not @carol",
                IdGenerator.timeOf(id),
                Audience.PUBLIC,
                Optional.empty(),
                mentions);
        posts().create(post);
        assertThat(posts().find(id)).contains(post);
        assertThat(posts().findAll(List.of(id)).get(id).mentions()).isEqualTo(mentions);
        assertThat(posts().find(original(5L, "nobody named").id()).orElseThrow().mentions())
                .isEmpty();
    }

    private Post repost(long author, long source) {
        long id = ids.next();
        Post post =
                new Post(id, author, PostType.REPOST, "", IdGenerator.timeOf(id), Audience.PUBLIC, Optional.of(source));
        posts().create(post);
        return post;
    }

    @Test
    void postsRoundTripWithEveryField() {
        long author = ids.next();
        long id = ids.next();
        Audience audience = new Audience(Audience.Type.PARTLY_VISIBLE, List.of(7L, 8L), List.of("family"), List.of(9L));
        Post post = new Post(
                id,
                author,
                PostType.ORIGINAL,
                "héllo 🌏\nworld",
                Instant.now().truncatedTo(ChronoUnit.MILLIS),
                audience,
                Optional.empty());
        posts().create(post);
        assertThat(posts().find(id)).contains(post);
        Post repost = repost(ids.next(), id);
        assertThat(posts().find(repost.id())).isPresent();
        long chainedId = ids.next();
        Post chained = new Post(
                chainedId,
                author,
                PostType.REPOST,
                "again",
                IdGenerator.timeOf(chainedId),
                Audience.PUBLIC,
                Optional.of(repost.id()),
                Map.of(),
                Optional.of(id));
        posts().create(chained);
        assertThat(posts().find(chainedId))
                .as("a repost of a repost keeps its root")
                .contains(chained);
        assertThat(posts().findAll(List.of(chainedId)).get(chainedId).root()).contains(id);
        posts().create(post); // again: nothing changes
        assertThat(posts().find(id)).contains(post);
    }

    @Test
    void findAllLeavesOutUnknownPosts() {
        long author = ids.next();
        Post a = original(author, "a");
        Post b = original(author, "b");
        Map<Long, Post> found = posts().findAll(List.of(a.id(), ids.next(), b.id()));
        assertThat(found).containsOnlyKeys(a.id(), b.id());
        assertThat(posts().findAll(List.of())).isEmpty();
    }

    @Test
    void deletedPostsAreGoneFromTheirLists() {
        long author = ids.next();
        Post source = original(author, "source");
        Post kept = original(author, "kept");
        Post repost = repost(ids.next(), source.id());
        assertThat(posts().delete(source)).isTrue();
        assertThat(posts().delete(repost)).isTrue();
        assertThat(posts().delete(repost)).isFalse();
        assertThat(posts().find(source.id())).isEmpty();
        assertThat(posts().postIdsByAuthor(author, Optional.empty(), 10)).containsExactly(kept.id());
        assertThat(posts().repostIds(source.id(), Optional.empty(), 10)).isEmpty();
    }

    @Test
    void aPostWrittenAgainUnderItsIdStandsOnceInEachOfItsLists() {
        // A request that failed after some of a post's rows were written is repeated under the same id (an
        // Idempotency-Key): the same rows again, nothing doubled.
        long author = ids.next();
        Post source = original(author, "source");
        Post repost = repost(author, source.id());
        posts().create(source);
        posts().create(repost);
        assertThat(posts().postIdsByAuthor(author, Optional.empty(), 10)).containsExactly(repost.id(), source.id());
        assertThat(posts().repostIds(source.id(), Optional.empty(), 10)).containsExactly(repost.id());
        assertThat(posts().repostIdsOnPage(source.id(), 1)).containsExactly(repost.id());
        assertThat(posts().find(repost.id())).isPresent();
    }

    @Test
    void countsStartAtZeroAndAddUp() {
        Post post = original(ids.next(), "counted");
        assertThat(posts().counts(post.id())).isEqualTo(PostCounts.ZERO);
        posts().addCounts(post.id(), PostCounts.repostAdded());
        posts().addCounts(post.id(), PostCounts.repostAdded());
        posts().addCounts(post.id(), PostCounts.repostRemoved());
        posts().addCounts(post.id(), PostCounts.likes(3));
        posts().addCounts(post.id(), PostCounts.commentAdded());
        PostCounts expected = new PostCounts(3, 1, 1, 1, 2);
        assertThat(posts().counts(post.id())).isEqualTo(expected);
        long unknown = ids.next();
        assertThat(posts().countsOf(List.of(post.id(), unknown)))
                .containsEntry(post.id(), expected)
                .containsEntry(unknown, PostCounts.ZERO);
    }

    @Test
    void repostsStayOnTheFixedPageTheirSourcesCountNamedWhenTheyWereWritten() {
        Post source = original(ids.next(), "source");
        List<Post> reposts = new ArrayList<>();
        for (int i = 0; i < 45; i++) {
            reposts.add(repost(ids.next(), source.id()));
            posts().addCounts(source.id(), PostCounts.repostAdded()); // as the service counts each
        }
        assertThat(posts().repostIdsOnPage(source.id(), 1))
                .isEqualTo(reposts.subList(0, 20).stream().map(Post::id).toList());
        assertThat(posts().repostIdsOnPage(source.id(), 2))
                .isEqualTo(reposts.subList(20, 40).stream().map(Post::id).toList());
        assertThat(posts().repostIdsOnPage(source.id(), 3))
                .isEqualTo(reposts.subList(40, 45).stream().map(Post::id).toList());
        assertThat(posts().repostIdsOnPage(source.id(), 4)).isEmpty();

        Post gone = reposts.get(25);
        assertThat(posts().delete(gone)).isTrue();
        assertThat(posts().repostIdsOnPage(source.id(), 2)).hasSize(19).doesNotContain(gone.id());
        posts().create(reposts.get(30)); // written again: stays where it was
        assertThat(posts().repostIdsOnPage(source.id(), 2))
                .hasSize(19)
                .contains(reposts.get(30).id());
        assertThat(posts().repostIdsOnPage(source.id(), 3)).hasSize(5);
    }

    @Test
    void authorListsAndRepostListsPageNewestFirst() {
        long author = ids.next();
        Post source = original(author, "source");
        List<Long> authored = new ArrayList<>(List.of(source.id()));
        List<Long> reposts = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            authored.add(0, original(author, "post " + i).id());
            reposts.add(0, repost(ids.next(), source.id()).id());
        }
        authored.add(0, repost(author, source.id()).id());
        reposts.add(0, authored.get(0));
        assertThat(page(id -> posts().postIdsByAuthor(author, id, 5))).isEqualTo(authored);
        assertThat(page(id -> posts().repostIds(source.id(), id, 4))).isEqualTo(reposts);
    }

    @Test
    void postIdsByAuthorsReadsEachAuthorsNewest() {
        long a = ids.next();
        long b = ids.next();
        long silent = ids.next();
        List<Long> ofA = new ArrayList<>(); // newest first
        List<Long> ofB = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ofA.add(0, original(a, "a " + i).id());
            if (i % 2 == 0) {
                ofB.add(0, original(b, "b " + i).id());
            }
        }
        assertThat(posts().postIdsByAuthors(List.of(a, b, silent), Optional.empty(), 4))
                .isEqualTo(Map.of(a, ofA.subList(0, 4), b, ofB, silent, List.of()));
        long before = ofA.get(2);
        assertThat(posts().postIdsByAuthors(List.of(a, b, silent), Optional.of(before), 2))
                .isEqualTo(Map.of(a, below(ofA, before, 2), b, below(ofB, before, 2), silent, List.of()));
        assertThat(posts().postIdsByAuthors(List.of(b), Optional.of(ofB.get(ofB.size() - 1)), 10))
                .isEqualTo(Map.of(b, List.of()));
        assertThat(posts().postIdsByAuthors(List.of(), Optional.empty(), 10)).isEmpty();
    }

    /** Lists are kept by year on some backends: a read must go on into earlier years. */
    @Test
    void postIdsByAuthorsReachBackIntoEarlierYears() {
        long oldId = idLongAgo();
        long author = oldId - 1000; // an author no newer than their oldest post (docs/design.md)
        posts().create(new Post(
                oldId,
                author,
                PostType.ORIGINAL,
                "last year",
                IdGenerator.timeOf(oldId),
                Audience.PUBLIC,
                Optional.empty()));
        long older = original(author, "this year").id();
        long newer = original(author, "this year, later").id();
        assertThat(posts().postIdsByAuthors(List.of(author), Optional.empty(), 10))
                .isEqualTo(Map.of(author, List.of(newer, older, oldId)));
        assertThat(posts().postIdsByAuthors(List.of(author), Optional.of(older), 10))
                .isEqualTo(Map.of(author, List.of(oldId)));
        assertThat(posts().postIdsByAuthors(List.of(author), Optional.empty(), 2))
                .isEqualTo(Map.of(author, List.of(newer, older)));
    }

    @Test
    void anAuthorsListSaysWhatEachPostRepostsBetweenTwoIds() {
        long author = ids.next();
        Post elsewhere = original(ids.next(), "someone else's");
        long floor = original(author, "below the range").id();
        Post first = original(author, "first");
        Post reposted = repost(author, elsewhere.id());
        Post second = original(author, "second");
        Post deleted = repost(author, first.id());
        assertThat(posts().delete(deleted)).isTrue();

        assertThat(posts().entriesByAuthor(author, Optional.empty(), floor, 10))
                .containsExactly(
                        AuthorListEntry.original(second.id()),
                        AuthorListEntry.repost(reposted.id(), elsewhere.id()),
                        AuthorListEntry.original(first.id()));
        assertThat(posts().entriesByAuthor(author, Optional.of(second.id()), floor, 1))
                .containsExactly(AuthorListEntry.repost(reposted.id(), elsewhere.id()));
        assertThat(posts().entriesByAuthor(author, Optional.of(first.id()), floor, 10))
                .as("nothing between the floor and the first")
                .isEmpty();
        assertThat(posts().entriesByAuthor(author, Optional.empty(), 0, 10)).hasSize(4);
    }

    /** Lists are kept by year on some backends: a range reaching into an earlier year reads it, no further. */
    @Test
    void anAuthorsEntriesReachBackIntoTheYearsTheRangeSpans() {
        long oldId = idLongAgo();
        long author = oldId - 1000; // an author no newer than their oldest post (docs/design.md)
        posts().create(new Post(
                oldId,
                author,
                PostType.REPOST,
                "",
                IdGenerator.timeOf(oldId),
                Audience.PUBLIC,
                Optional.of(oldId - 1)));
        long recent = original(author, "this year").id();
        assertThat(posts().entriesByAuthor(author, Optional.empty(), oldId - 1, 10))
                .containsExactly(AuthorListEntry.original(recent), AuthorListEntry.repost(oldId, oldId - 1));
        assertThat(posts().entriesByAuthor(author, Optional.empty(), oldId, 10))
                .containsExactly(AuthorListEntry.original(recent));
    }

    /** An id of a post written 400 to 600 days ago: in an earlier year than today's. */
    private static long idLongAgo() {
        Instant longAgo = Instant.now().minus(ThreadLocalRandom.current().nextInt(400, 600), ChronoUnit.DAYS);
        return new IdGenerator(
                        ThreadLocalRandom.current().nextInt(IdGenerator.MAX_WORKER_ID + 1),
                        Clock.fixed(longAgo, ZoneOffset.UTC))
                .next();
    }

    private static List<Long> below(List<Long> newestFirst, long before, int limit) {
        return newestFirst.stream().filter(id -> id < before).limit(limit).toList();
    }

    private static List<Long> page(java.util.function.Function<Optional<Long>, List<Long>> read) {
        List<Long> all = new ArrayList<>();
        Optional<Long> before = Optional.empty();
        while (true) {
            List<Long> page = read.apply(before);
            all.addAll(page);
            if (page.isEmpty()) {
                return all;
            }
            before = Optional.of(page.get(page.size() - 1));
        }
    }

    @Test
    void ofConcurrentDeletesOfOnePostExactlyOneWins() throws Exception {
        Post post = original(ids.next(), "deleted by many at once");
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            List<java.util.concurrent.Future<Boolean>> deletes = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                deletes.add(pool.submit(() -> posts().delete(post)));
            }
            int won = 0;
            for (java.util.concurrent.Future<Boolean> delete : deletes) {
                won += delete.get() ? 1 : 0;
            }
            assertThat(won).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(posts().find(post.id())).isEmpty();
    }
}
