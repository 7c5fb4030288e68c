package dev.widefeed.post;

import java.util.Optional;

/** A post as a viewer sees it: with its counts, whether the viewer likes it, and a repost's source. */
public record PostDetails(Post post, PostCounts counts, boolean likedByMe, Optional<Source> source) {

    /** What a repost embeds: its direct source, or the fact that the source was deleted. */
    public sealed interface Source permits Source.Present, Source.Deleted {
        record Present(PostDetails details) implements Source {
        }

        record Deleted(long id) implements Source {
        }
    }
}
