package dev.widefeed.api;

import dev.widefeed.textindex.TextIndexService;
import io.swagger.v3.oas.annotations.media.Schema;

/** A text that mentions me: {@code kind} post (with {@code post}) or comment (with {@code comment}). */
public record MentionedInView(
        String kind,
        @Schema(nullable = true) PostView post,
        @Schema(nullable = true) CommentView comment) {
    public static MentionedInView of(TextIndexService.Mentioned m) {
        return m.post().isPresent()
                ? new MentionedInView("post", PostView.of(m.post().get()), null)
                : new MentionedInView(
                        "comment", null, CommentView.of(m.comment().orElseThrow()));
    }
}
