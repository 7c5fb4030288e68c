package dev.widefeed.mastodon;

import dev.widefeed.audience.Audience;
import dev.widefeed.comment.CommentDetails;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.mention.Mention;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostType;
import dev.widefeed.topic.TopicParser;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns the service's users and posts into Mastodon's entities, with URLs under the address the client reached the
 * service at (docs/mastodon.md, "Entities"). Pure: what it shows was read by the caller.
 */
public final class Presenter {
    private final String base;

    /** @param base the service's public root, as the client addressed it */
    public Presenter(URI base) {
        String text = base.toString();
        this.base = text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    /**
     * A user's name on the face: their handle, or their id until they are given one (accounts made before
     * handles, docs/design.md, "Handles").
     */
    public static String username(User user) {
        return user.handle().map(Handle::value).orElse(Long.toString(user.id()));
    }

    public Entities.Account account(User user, UserCounts counts) {
        return account(user, counts, null);
    }

    /** The signed-in user's own account, with what only they see. */
    public Entities.Account credentialAccount(User user, UserCounts counts) {
        return account(user, counts, new Entities.Source("public", false, null, user.bio(), List.of(), 0));
    }

    private Entities.Account account(User user, UserCounts counts, Entities.Source source) {
        String username = username(user);
        String avatar = base + "/avatars/" + user.id() + ".png";
        String header = base + "/avatars/header.png";
        return new Entities.Account(
                Long.toString(user.id()),
                username,
                username,
                user.name(),
                false,
                false,
                true,
                false,
                Entities.time(user.createdAt()),
                Html.paragraphs(user.bio()),
                base + "/@" + username,
                base + "/users/" + username,
                avatar,
                avatar,
                header,
                header,
                Math.max(0, counts.followers()),
                Math.max(0, counts.following()),
                Math.max(0, counts.posts()),
                null,
                List.of(),
                List.of(),
                source);
    }

    /**
     * A post as a status: a repost is a reblog of the original its chain leads to (Mastodon has no reblog of a
     * reblog, nor text on one: a repost's own text is not shown on this face).
     *
     * @param accounts the accounts of the post's author and of its source's, by id
     */
    public Entities.Status status(PostDetails details, Map<Long, Entities.Account> accounts) {
        var post = details.post();
        Entities.Account account = accounts.get(post.authorId());
        Entities.Status reblog = null;
        if (post.type() == PostType.REPOST
                && details.source().orElse(null) instanceof PostDetails.Source.Present present) {
            reblog = status(present.details(), accounts);
        }
        String url = base + "/@" + account.username() + "/" + post.id();
        List<Entities.Mention> mentions =
                post.mentioned().stream().map(this::mention).distinct().toList();
        List<Entities.Tag> tags =
                TopicParser.topics(post.content()).stream().map(this::tag).toList();
        var counts = details.counts();
        return new Entities.Status(
                Long.toString(post.id()),
                base + "/users/" + account.username() + "/statuses/" + post.id(),
                url,
                Entities.time(post.createdAt()),
                account,
                reblog == null ? Html.post(post.content(), post.mentioned(), this) : "",
                visibility(post.audience()),
                false,
                "",
                List.of(),
                null,
                mentions,
                tags,
                List.of(),
                Math.max(0, counts.reposts()),
                Math.max(0, counts.likes()),
                Math.max(0, counts.comments()),
                null,
                null,
                reblog,
                null,
                null,
                null,
                null,
                null,
                details.likedByMe(),
                details.repostedByMe(),
                false,
                false,
                false,
                List.of());
    }

    /**
     * A comment as a reply to the post it is on: Mastodon has statuses only, so a comment shows as one replying to
     * its post (docs/mastodon.md, "Statuses").
     */
    public Entities.Status reply(CommentDetails details, Entities.Status post, Map<Long, Entities.Account> accounts) {
        Comment comment = details.comment();
        Entities.Account account = accounts.get(comment.authorId());
        return new Entities.Status(
                Long.toString(comment.id()),
                base + "/users/" + account.username() + "/statuses/" + comment.id(),
                post.url() + "#comment-" + comment.id(),
                Entities.time(comment.createdAt()),
                account,
                Html.post(comment.content(), Mention.resolved(comment.content(), comment.mentions()), this),
                post.visibility(),
                false,
                "",
                List.of(),
                null,
                Mention.resolved(comment.content(), comment.mentions()).stream()
                        .map(this::mention)
                        .distinct()
                        .toList(),
                TopicParser.topics(comment.content()).stream().map(this::tag).toList(),
                List.of(),
                0,
                Math.max(0, details.counts().likes()),
                Math.max(0, details.counts().replies()),
                post.id(),
                post.account().id(),
                null,
                null,
                null,
                null,
                null,
                null,
                details.myVote() == Vote.LIKE,
                false,
                false,
                false,
                false,
                List.of());
    }

    /**
     * An audience as Mastodon's visibility: public (also when only some are left out), or direct (only the author,
     * or only the users, tags and groups it names).
     */
    static String visibility(Audience audience) {
        return switch (audience.type()) {
            case PUBLIC, PARTLY_INVISIBLE -> "public";
            case PRIVATE, PARTLY_VISIBLE -> "direct";
        };
    }

    Entities.Mention mention(Mention mention) {
        String handle = mention.handle().value();
        return new Entities.Mention(Long.toString(mention.userId()), handle, base + "/@" + handle, handle);
    }

    Entities.Tag tag(String topic) {
        return new Entities.Tag(topic, base + "/tags/" + topic, List.of());
    }

    String profileUrl(String handle) {
        return base + "/@" + handle;
    }

    String tagUrl(String topic) {
        return base + "/tags/" + topic;
    }

    /** The author's and the source's authors' ids of a post: whose accounts {@link #status} needs. */
    public static List<Long> authors(PostDetails details) {
        Optional<Long> source = details.source()
                .filter(PostDetails.Source.Present.class::isInstance)
                .map(s -> ((PostDetails.Source.Present) s).details().post().authorId());
        return source.map(id -> List.of(details.post().authorId(), id))
                .orElse(List.of(details.post().authorId()));
    }
}
