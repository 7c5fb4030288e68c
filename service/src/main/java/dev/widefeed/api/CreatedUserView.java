package dev.widefeed.api;

public record CreatedUserView(UserView user, String token) {
}
