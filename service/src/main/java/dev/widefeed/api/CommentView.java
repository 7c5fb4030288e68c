package dev.widefeed.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.widefeed.comment.CommentDetails;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * A comment as clients see it; {@code rootId} and {@code parentId} only on replies; ids are strings; {@code mentions}
 * as a post's. A deleted top-level comment with live replies is shown as a placeholder: {@code deleted} true, no
 * content, its floor and counts kept, so its replies are still reached. {@code myVote}: none, like or hate.
 */
public record CommentView(
        String id,
        String postId,
        String authorId,
        long floor,
        @JsonInclude(JsonInclude.Include.NON_NULL) String rootId,
        @JsonInclude(JsonInclude.Include.NON_NULL) String parentId,
        @Schema(nullable = true) String content,
        Instant createdAt,
        Counts counts,
        List<PostView.MentionView> mentions,
        boolean deleted,
        @Schema(nullable = true) String myVote) {
    @Schema(name = "CommentCounts")
    public record Counts(long replies, long likes, long hates) {}

    public static CommentView of(CommentDetails details) {
        Comment c = details.comment();
        CommentCounts n = details.counts();
        return new CommentView(
                Long.toString(c.id()),
                Long.toString(c.object().id()),
                Long.toString(c.authorId()),
                c.floor(),
                c.isTopLevel() ? null : Long.toString(c.rootId()),
                c.parentId() == 0 ? null : Long.toString(c.parentId()),
                c.deleted() ? null : c.content(),
                c.createdAt(),
                new Counts(n.replies(), n.likes(), n.hates()),
                c.mentioned().stream().map(PostView.MentionView::of).toList(),
                c.deleted(),
                details.myVote().name().toLowerCase(Locale.ROOT));
    }
}
