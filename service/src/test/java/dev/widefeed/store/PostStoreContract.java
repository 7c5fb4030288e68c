package dev.widefeed.store;

import dev.widefeed.core.Audience;
import dev.widefeed.core.IdGenerator;
import dev.widefeed.core.Post;
import dev.widefeed.core.PostCounts;
import dev.widefeed.core.PostType;
import dev.widefeed.testing.TestStorages;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** What every backend's {@link PostStore} must do; one tiny subclass per backend runs it. */
public abstract class PostStoreContract {
    private final IdGenerator ids = TestStorages.ids();

    protected abstract Storage storage();

    private PostStore posts() {
        return storage().posts();
    }

    private Post original(long author, String content) {
        long id = ids.next();
        Post post = new Post(id, author, PostType.ORIGINAL, content, IdGenerator.timeOf(id), Audience.PUBLIC,
                Optional.empty());
        posts().create(post);
        return post;
    }

    private Post repost(long author, long source) {
        long id = ids.next();
        Post post = new Post(id, author, PostType.REPOST, "", IdGenerator.timeOf(id), Audience.PUBLIC,
                Optional.of(source));
        posts().create(post);
        return post;
    }

    @Test
    void postsRoundTripWithEveryField() {
        long author = ids.next();
        long id = ids.next();
        Audience audience = new Audience(Audience.Type.PARTLY_VISIBLE, List.of(7L, 8L), List.of("family"), List.of(9L));
        Post post = new Post(id, author, PostType.ORIGINAL, "héllo 🌏\nworld", Instant.now().truncatedTo(ChronoUnit.MILLIS),
                audience, Optional.empty());
        posts().create(post);
        assertThat(posts().find(id)).contains(post);
        Post repost = repost(ids.next(), id);
        assertThat(posts().find(repost.id())).contains(repost);
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
                .containsEntry(post.id(), expected).containsEntry(unknown, PostCounts.ZERO);
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
