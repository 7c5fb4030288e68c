package dev.widefeed.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import dev.widefeed.mention.Mention;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostDetails;
import dev.widefeed.topic.TopicParser;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/**
 * A post as clients see it. {@code original} is a PostView, or {@code {"id", "deleted": true}}. {@code mentions}: the
 * users its text names, where (code points, {@code [start, end)}, the {@code @} included); {@code topics}: its
 * topics, folded, in order.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PostView(
        String id,
        String authorId,
        AuthorView author,
        String type,
        String content,
        Instant createdAt,
        AudienceView audience,
        String repostOf,
        Object original,
        Counts counts,
        boolean likedByMe,
        boolean repostedByMe,
        List<MentionView> mentions,
        List<String> topics) {

    /** Who wrote the post, as the page was read: enough to name them without another call. */
    public record AuthorView(String id, String handle, String name) {
        static AuthorView of(User user) {
            return new AuthorView(
                    Long.toString(user.id()), user.handle().map(Handle::value).orElse(null), user.name());
        }
    }

    public record MentionView(String id, String handle, int start, int end) {
        static MentionView of(Mention m) {
            return new MentionView(Long.toString(m.userId()), m.handle().value(), m.start(), m.end());
        }
    }

    @Schema(name = "PostCounts")
    public record Counts(long likes, long comments, long commentsEver, long reposts, long repostsEver) {
        static Counts of(PostCounts c) {
            return new Counts(c.likes(), c.comments(), c.commentsEver(), c.reposts(), c.repostsEver());
        }
    }

    public record DeletedOriginal(String id, boolean deleted) {}

    private static Object original(PostDetails.Source source) {
        if (source instanceof PostDetails.Source.Present present) {
            return of(present.details());
        }
        return new DeletedOriginal(Long.toString(((PostDetails.Source.Deleted) source).id()), true);
    }

    public static PostView of(PostDetails details) {
        var post = details.post();
        Object original = details.source().map(PostView::original).orElse(null);
        return new PostView(
                Long.toString(post.id()),
                Long.toString(post.authorId()),
                details.author().map(AuthorView::of).orElse(null),
                post.type().json(),
                post.content(),
                post.createdAt(),
                AudienceView.of(post.audience()),
                post.repostOf().map(String::valueOf).orElse(null),
                original,
                Counts.of(details.counts()),
                details.likedByMe(),
                details.repostedByMe(),
                post.mentioned().stream().map(MentionView::of).toList(),
                TopicParser.topics(post.content()));
    }
}
