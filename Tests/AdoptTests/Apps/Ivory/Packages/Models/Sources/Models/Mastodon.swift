public enum Mastodon {
    public enum Entity {}
}
