package dev.widefeed.textindex;

import dev.widefeed.comment.CommentEvent;
import dev.widefeed.comment.CommentFeature;
import dev.widefeed.eventlog.LogRoutes;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.post.PostEvent;
import dev.widefeed.post.PostFeature;

/**
 * What texts name, indexed from the log: a post's or comment's indexing is logged before its text is written; a deleted
 * post's topic counters move after its delete (docs/ARCHITECTURE.md, "Events").
 */
public record TextIndexFeature(TextIndexStore store, TextIndexService topics) {
    public static TextIndexFeature assemble(
            FeatureContext context, LogRoutes log, TextIndexStore store, PostFeature posts, CommentFeature comments) {
        TextIndexHandler handler =
                new TextIndexHandler(posts.cache()::find, comments.cache()::find, store, context.clock());
        log.handle(handler.byKind());
        log.before(PostEvent.Created.class, TextIndexHandler.POST, PostEvent::postId, PostEvent::authorId);
        log.before(PostEvent.Reposted.class, TextIndexHandler.POST, PostEvent::postId, PostEvent::authorId);
        log.before(
                CommentEvent.Commented.class,
                TextIndexHandler.COMMENT,
                CommentEvent.Commented::commentId,
                e -> e.comment().authorId());
        log.before(
                CommentEvent.Replied.class,
                TextIndexHandler.COMMENT,
                CommentEvent.Replied::commentId,
                e -> e.reply().authorId());
        context.events().on(PostEvent.Deleted.class, "textindex.postDeleted", e -> handler.postDeleted(e.post()));
        return new TextIndexFeature(
                store, new TextIndexService(store, posts.posts(), comments.reader(), context.clock()));
    }
}
