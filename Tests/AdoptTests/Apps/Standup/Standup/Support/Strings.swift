let speakerTitle = "Speaker 1"
