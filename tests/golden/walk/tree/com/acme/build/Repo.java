package com.acme.build;
class Repo {}
