package dev.widefeed.post;

import dev.widefeed.graph.User;
import java.util.Optional;

/**
 * A post as a viewer sees it: with its counts, whether the viewer likes it and has reposted it, a repost's source,
 * and its author's profile (read with the page, so a client needs no call per post to name its author; empty only if
 * the author's profile could not be found).
 */
public record PostDetails(
        Post post,
        PostCounts counts,
        boolean likedByMe,
        boolean repostedByMe,
        Optional<Source> source,
        Optional<User> author) {

    /** Neither liked nor reposted by the viewer, without the author's profile. */
    public PostDetails(Post post, PostCounts counts, Optional<Source> source) {
        this(post, counts, false, false, source, Optional.empty());
    }

    /** What a repost embeds: the original its chain leads to, or the fact that it was deleted. */
    public sealed interface Source permits Source.Present, Source.Deleted {
        record Present(PostDetails details) implements Source {}

        record Deleted(long id) implements Source {}
    }
}
