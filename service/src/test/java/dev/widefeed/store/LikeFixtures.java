package dev.widefeed.store;

import dev.widefeed.audience.Audience;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Page;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostType;
import dev.widefeed.testing.TestStorages;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/** Users and posts to like, and whole like lists, for the like tests every backend runs and those only one does. */
public final class LikeFixtures {
    private LikeFixtures() {}

    public static long newUser(Storage storage) {
        long id = TestStorages.ids().next();
        storage.users().create(new User(id, "u" + id, Instant.now().truncatedTo(ChronoUnit.MILLIS)));
        return id;
    }

    /** A public post by a new user. */
    public static long newPost(Storage storage) {
        long id = TestStorages.ids().next();
        storage.posts()
                .create(new Post(
                        id,
                        newUser(storage),
                        PostType.ORIGINAL,
                        "p" + id,
                        IdGenerator.timeOf(id),
                        Audience.PUBLIC,
                        Optional.empty()));
        return id;
    }

    /** Every page of a list, {@code limit} at a time. */
    public static List<Like> all(BiFunction<Optional<LikeCursor>, Integer, Page<Like, LikeCursor>> list, int limit) {
        List<Like> all = new ArrayList<>();
        Optional<LikeCursor> after = Optional.empty();
        do {
            Page<Like, LikeCursor> page = list.apply(after, limit);
            all.addAll(page.items());
            after = page.next();
        } while (after.isPresent());
        return all;
    }
}
