from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from tutor.learning.models import Learner

PASSWORD = "a-long-password-123"


@pytest.fixture
def user(db: None) -> AbstractBaseUser:
    return get_user_model().objects.create_user("asha", "", PASSWORD)


@pytest.fixture
def learner(db: None) -> Learner:
    return Learner.objects.create()
