package dev.widefeed.comment;

/** The stores the comment platform owns: comments (subjects, floors, content, counters), votes, the hot ranking. */
public record CommentStores(CommentStore comments, CommentVoteStore votes, HotCommentStore hot) {}
