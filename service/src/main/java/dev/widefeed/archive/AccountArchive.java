package dev.widefeed.archive;

import dev.widefeed.audience.AudienceService;
import dev.widefeed.audience.AudienceStore;
import dev.widefeed.audience.Group;
import dev.widefeed.audience.Mark;
import dev.widefeed.comment.CommentDetails;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.FollowService;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.kernel.Page;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.like.LikeStore;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostService;
import dev.widefeed.post.PostStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A user's own data, walked list by list for their archive (docs/design.md, "Accounts and sessions"): their posts and
 * reposts, likes, follows both ways, comments, and audience lists (blocked, hidden, tags, groups with their members).
 * Each list is read a page at a time and handed on item by item, so an archive of any size streams in bounded memory;
 * only its owner walks it.
 */
public final class AccountArchive {
    static final int PAGE = 100;

    private final PostStore postIds;
    private final PostService posts;
    private final LikeStore likes;
    private final FollowService follows;
    private final CommentStore comments;
    private final AudienceService audiences;
    private final AudienceStore audienceLists;

    public AccountArchive(
            PostStore postIds,
            PostService posts,
            LikeStore likes,
            FollowService follows,
            CommentStore comments,
            AudienceService audiences,
            AudienceStore audienceLists) {
        this.postIds = postIds;
        this.posts = posts;
        this.likes = likes;
        this.follows = follows;
        this.comments = comments;
        this.audiences = audiences;
        this.audienceLists = audienceLists;
    }

    /** A group of mine with its members. */
    public record OwnedGroup(Group group, List<Long> members) {}

    /** What the archive holds, section by section, in the order it is written. */
    public interface Sections {
        void posts(Consumer<Consumer<PostDetails>> each);

        void likes(Consumer<Consumer<Like>> each);

        void following(Consumer<Consumer<Follow>> each);

        void followers(Consumer<Consumer<Follow>> each);

        void comments(Consumer<Consumer<CommentDetails>> each);

        void marked(Mark mark, Consumer<Consumer<Long>> each);

        void tags(List<AudienceService.Tag> tags);

        void groups(Consumer<Consumer<OwnedGroup>> each);
    }

    /** Walks {@code me}'s data into {@code out}; 403 for anyone else's. */
    public void write(long me, long userId, Sections out) {
        Ownership.require(me, userId, "only its owner takes an archive of an account");
        out.posts(each -> {
            Optional<Long> before = Optional.empty();
            List<Long> ids;
            do {
                ids = postIds.postIdsByAuthor(me, before, PAGE);
                posts.getAll(me, ids).forEach(each);
                before = ids.isEmpty() ? before : Optional.of(ids.get(ids.size() - 1));
            } while (ids.size() == PAGE);
        });
        out.likes(each -> {
            Optional<LikeCursor> after = Optional.empty();
            List<Like> page;
            do {
                page = likes.likedPosts(me, after, PAGE);
                page.forEach(each);
                after = page.isEmpty()
                        ? after
                        : Optional.of(new LikeCursor(
                                page.get(page.size() - 1).likedAt(),
                                page.get(page.size() - 1).postId()));
            } while (page.size() == PAGE);
        });
        out.following(each -> follows(after -> follows.following(me, after, PAGE), each));
        out.followers(each -> follows(after -> follows.followers(me, after, PAGE), each));
        out.comments(each -> {
            Optional<Long> before = Optional.empty();
            List<Long> ids;
            do {
                ids = comments.commentIdsByAuthor(me, before, PAGE);
                // Read as stored: my comment is mine to take even where its post is no longer mine to see.
                List<Comment> live = ids.stream()
                        .map(comments::find)
                        .flatMap(Optional::stream)
                        .filter(c -> !c.deleted())
                        .toList();
                Map<Long, CommentCounts> counts =
                        comments.countsOf(live.stream().map(Comment::id).toList());
                live.forEach(c -> each.accept(new CommentDetails(c, counts.get(c.id()))));
                before = ids.isEmpty() ? before : Optional.of(ids.get(ids.size() - 1));
            } while (ids.size() == PAGE);
        });
        for (Mark mark : List.of(Mark.BLOCKED, Mark.HIDDEN)) {
            out.marked(mark, each -> {
                Optional<Long> after = Optional.empty();
                Page<Long, Long> page;
                do {
                    page = audiences.marked(me, me, mark, after, PAGE);
                    page.items().forEach(each);
                    after = page.next();
                } while (after.isPresent());
            });
        }
        out.tags(audiences.tags(me, me));
        out.groups(each -> {
            Optional<Long> after = Optional.empty();
            List<Long> ids;
            do {
                ids = audienceLists.groupIdsByOwner(me, after, PAGE);
                ids.forEach(id -> audienceLists.group(id).ifPresent(g -> each.accept(new OwnedGroup(g, members(id)))));
                after = ids.isEmpty() ? after : Optional.of(ids.get(ids.size() - 1));
            } while (ids.size() == PAGE);
        });
    }

    private List<Long> members(long groupId) {
        List<Long> all = new ArrayList<>();
        Optional<Long> after = Optional.empty();
        List<Long> page;
        do {
            page = audienceLists.members(groupId, after, PAGE);
            all.addAll(page);
            after = page.isEmpty() ? after : Optional.of(page.get(page.size() - 1));
        } while (page.size() == PAGE);
        return all;
    }

    private static void follows(
            Function<Optional<FollowCursor>, Page<Follow, FollowCursor>> read, Consumer<Follow> each) {
        Optional<FollowCursor> after = Optional.empty();
        do {
            Page<Follow, FollowCursor> page = read.apply(after);
            page.items().forEach(each);
            after = page.next();
        } while (after.isPresent());
    }
}
