// dependency-cruiser's configuration: the layers' allow-list (./layers.cjs), which is written there once.
module.exports = require("./layers.cjs").config;
